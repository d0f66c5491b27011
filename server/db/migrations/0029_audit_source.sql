-- The audit log marks the entries an import wrote (issue 30, docs/architecture.md §5): which import,
-- and the uploaded file's name. Entries written before this are by hand or unknown: null.
ALTER TABLE "audit_entries" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "audit_entries" ADD COLUMN "source_file" text;--> statement-breakpoint
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_source" CHECK ("audit_entries"."source" is null or "audit_entries"."source" in ('product-import', 'dispatch-import'));