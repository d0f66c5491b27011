ALTER TABLE "mail_outbox" ADD COLUMN "recipient_name" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "reply_to_name" text;