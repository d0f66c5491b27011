import type { RouterContextProvider } from "react-router";
import {
  findBlog,
  getArticle,
  latestArticles,
  listArticles,
  listBlogs,
} from "../../server/content/service/blogs";
import { getContentPage, listOpenRoles } from "../../server/content/service/pages";
import { appContext } from "./app-context.server";

// The contact page's form runs the contact API's own route.
export { sendContact } from "../../server/content/api.ts";

/** The content services with this request's database: what loaders call (architecture.md §7.1). */
export function content(context: Readonly<RouterContextProvider>) {
  const { db } = context.get(appContext);
  return {
    listBlogs: () => listBlogs(db),
    findBlog: (idOrSlug: string) => findBlog(db, idOrSlug),
    listArticles: (blog: string, paging: { page: number; perPage: number }) =>
      listArticles(db, blog, paging),
    latestArticles: (limit: number) => latestArticles(db, limit),
    getArticle: (blog: string, article: string) => getArticle(db, blog, article),
    getPage: (path: string) => getContentPage(db, path),
    listOpenRoles: (today: string) => listOpenRoles(db, today),
  };
}
