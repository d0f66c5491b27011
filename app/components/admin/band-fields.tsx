import type { ImageRef } from "../../../common/images";
import { fileUrl } from "../../lib/images";
import { CheckboxField, TextAreaField, TextField } from "../ui/form";
import { SearchEngineCard, SlugField } from "./counted-field";
import { MediaImageField } from "./media-picker";
import { useCheckboxField, useField } from "./resource-form";
import { Card } from "./screen-header";

const LINKS = [
  { name: "website", label: "Website", placeholder: "https://example.com" },
  { name: "instagram", label: "Instagram", placeholder: "https://www.instagram.com/…" },
  { name: "spotify", label: "Spotify", placeholder: "https://open.spotify.com/artist/…" },
  { name: "bandcamp", label: "Bandcamp", placeholder: "https://….bandcamp.com" },
  { name: "youtube", label: "YouTube", placeholder: "https://www.youtube.com/@…" },
] as const;

/** A band's main fields: who they are, their story, their links and how search engines see them. */
export function BandFields({ isNew }: { isNew: boolean }) {
  return (
    <>
      <Card title="Band">
        <TextField {...useField("title")} label="Name" required maxLength={120} />
        <SlugField isNew={isNew} noun="band" address="/bands/slug" from="name" />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField {...useField("genre")} label="Genre" hint="E.g. Indie rock." maxLength={60} />
          <TextField
            {...useField("origin")}
            label="From"
            hint="Where the band is from, e.g. Brighton."
            maxLength={80}
          />
        </div>
        <TextAreaField
          {...useField("story")}
          label="Story"
          hint="Shown on the band's page. HTML is allowed: paragraphs, headings (h2–h4), lists, links, bold, italics, quotes and tables. It is made safe when saved: scripts, styles and any other tags are removed."
          rows={10}
          className="[&_textarea]:font-mono [&_textarea]:text-sm"
        />
      </Card>
      <Card title="Links" description="Web addresses starting with https://. Leave empty to hide.">
        <div className="grid gap-5 sm:grid-cols-2">
          {LINKS.map((link) => (
            <LinkField key={link.name} {...link} />
          ))}
        </div>
      </Card>
      <SearchEngineCard description="The title and description search engines show for the band's page." />
    </>
  );
}

function LinkField({
  name,
  label,
  placeholder,
}: {
  name: string;
  label: string;
  placeholder: string;
}) {
  return (
    <TextField
      {...useField(`links.${name}`)}
      label={label}
      type="url"
      inputMode="url"
      placeholder={placeholder}
      maxLength={300}
    />
  );
}

export type Images = { logo: ImageRef | null; hero: ImageRef | null };

/** The band's side panel: whether it is featured, and its logo and hero image. */
export function BandAside({ images }: { images?: Images }) {
  return (
    <>
      <Card title="Visibility">
        <CheckboxField
          {...useCheckboxField("featured")}
          label="Featured"
          hint="Featured bands are shown on the home page."
        />
      </Card>
      <Card
        title="Images"
        description="The number of an image in the media library. Leave empty for none."
      >
        <ImageField
          name="logoFileId"
          label="Logo (media file id)"
          purpose="the logo"
          current={images?.logo}
        />
        <ImageField
          name="heroFileId"
          label="Banner image (media file id)"
          purpose="the banner image"
          current={images?.hero}
        />
      </Card>
    </>
  );
}

function ImageField({
  current,
  ...field
}: {
  name: string;
  label: string;
  purpose: string;
  current: ImageRef | null | undefined;
}) {
  return (
    <MediaImageField
      {...field}
      current={current ? { src: fileUrl(current.slug, 160), title: "Saved image" } : null}
    />
  );
}
