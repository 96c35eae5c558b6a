CREATE TABLE "inquiries" (
	"id" serial PRIMARY KEY NOT NULL,
	"workshop_organisation_id" integer NOT NULL,
	"created_by" integer NOT NULL,
	"status" text NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"vin" text DEFAULT '' NOT NULL,
	"hsn" text DEFAULT '' NOT NULL,
	"tsn" text DEFAULT '' NOT NULL,
	"vehicle_description" text DEFAULT '' NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inquiry_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"inquiry_id" integer NOT NULL,
	"position" integer NOT NULL,
	"part_number" text DEFAULT '' NOT NULL,
	"part_number_normalised" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inquiry_recipients" (
	"id" serial PRIMARY KEY NOT NULL,
	"inquiry_id" integer NOT NULL,
	"part_dealer_id" integer NOT NULL,
	"dealer_organisation_id" integer NOT NULL,
	"customer_number" text NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"seen_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"answered_by" integer,
	"decline_reason" text,
	"valid_until" date,
	"freight_cents" integer DEFAULT 0 NOT NULL,
	"free_freight_from_cents" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"inquiry_line_id" integer NOT NULL,
	"quote_line_id" integer NOT NULL,
	"part_number" text NOT NULL,
	"part_number_normalised" text NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"net_price_cents" integer NOT NULL,
	"deposit_cents" integer DEFAULT 0 NOT NULL,
	"fits_vehicle" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'placed' NOT NULL,
	"eta" date,
	"cancel_reason" text,
	"tracking_reference" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_line_id" integer NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"refusal_reason" text,
	"requested_by" integer NOT NULL,
	"decided_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"inquiry_id" integer NOT NULL,
	"recipient_id" integer NOT NULL,
	"workshop_organisation_id" integer NOT NULL,
	"dealer_organisation_id" integer NOT NULL,
	"part_dealer_id" integer NOT NULL,
	"status" text DEFAULT 'placed' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"customer_number" text NOT NULL,
	"freight_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"placed_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_recipient_id_unique" UNIQUE("recipient_id")
);
--> statement-breakpoint
CREATE TABLE "quote_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"recipient_id" integer NOT NULL,
	"inquiry_line_id" integer NOT NULL,
	"offered" boolean NOT NULL,
	"net_price_cents" integer,
	"deposit_cents" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"availability" text,
	"eta" date,
	"alternative_part_number" text DEFAULT '' NOT NULL,
	"alternative_brand" text DEFAULT '' NOT NULL,
	"fits_vehicle" boolean DEFAULT false NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"decline_reason" text
);
--> statement-breakpoint
CREATE TABLE "trade_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"inquiry_id" integer NOT NULL,
	"order_id" integer,
	"entity" text NOT NULL,
	"entity_id" integer NOT NULL,
	"before" text,
	"after" text,
	"actor_user_id" integer,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"workshop_organisation_id" integer NOT NULL,
	"dealer_organisation_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_mail_queue" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"event_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mailed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_workshop_organisation_id_organisations_id_fk" FOREIGN KEY ("workshop_organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_lines" ADD CONSTRAINT "inquiry_lines_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_recipients" ADD CONSTRAINT "inquiry_recipients_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_recipients" ADD CONSTRAINT "inquiry_recipients_part_dealer_id_part_dealers_id_fk" FOREIGN KEY ("part_dealer_id") REFERENCES "public"."part_dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_recipients" ADD CONSTRAINT "inquiry_recipients_dealer_organisation_id_organisations_id_fk" FOREIGN KEY ("dealer_organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_recipients" ADD CONSTRAINT "inquiry_recipients_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_inquiry_line_id_inquiry_lines_id_fk" FOREIGN KEY ("inquiry_line_id") REFERENCES "public"."inquiry_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_quote_line_id_quote_lines_id_fk" FOREIGN KEY ("quote_line_id") REFERENCES "public"."quote_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_recipient_id_inquiry_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."inquiry_recipients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_workshop_organisation_id_organisations_id_fk" FOREIGN KEY ("workshop_organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_dealer_organisation_id_organisations_id_fk" FOREIGN KEY ("dealer_organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_part_dealer_id_part_dealers_id_fk" FOREIGN KEY ("part_dealer_id") REFERENCES "public"."part_dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_placed_by_users_id_fk" FOREIGN KEY ("placed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_recipient_id_inquiry_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."inquiry_recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_inquiry_line_id_inquiry_lines_id_fk" FOREIGN KEY ("inquiry_line_id") REFERENCES "public"."inquiry_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_events" ADD CONSTRAINT "trade_events_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_events" ADD CONSTRAINT "trade_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_events" ADD CONSTRAINT "trade_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_mail_queue" ADD CONSTRAINT "trade_mail_queue_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inquiries_workshop_idx" ON "inquiries" USING btree ("workshop_organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "inquiries_open_closes_idx" ON "inquiries" USING btree ("closes_at") WHERE status in ('sent', 'quoted');--> statement-breakpoint
CREATE INDEX "inquiry_lines_inquiry_idx" ON "inquiry_lines" USING btree ("inquiry_id","position");--> statement-breakpoint
CREATE INDEX "inquiry_lines_part_idx" ON "inquiry_lines" USING btree ("part_number_normalised");--> statement-breakpoint
CREATE UNIQUE INDEX "inquiry_recipients_unique" ON "inquiry_recipients" USING btree ("inquiry_id","part_dealer_id");--> statement-breakpoint
CREATE INDEX "inquiry_recipients_dealer_idx" ON "inquiry_recipients" USING btree ("dealer_organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_returns_line_idx" ON "order_returns" USING btree ("order_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_returns_open_unique" ON "order_returns" USING btree ("order_line_id") WHERE status = 'requested';--> statement-breakpoint
CREATE INDEX "orders_workshop_idx" ON "orders" USING btree ("workshop_organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_dealer_idx" ON "orders" USING btree ("dealer_organisation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_lines_unique" ON "quote_lines" USING btree ("recipient_id","inquiry_line_id");--> statement-breakpoint
CREATE INDEX "trade_events_workshop_idx" ON "trade_events" USING btree ("workshop_organisation_id","id");--> statement-breakpoint
CREATE INDEX "trade_events_dealers_idx" ON "trade_events" USING gin ("dealer_organisation_ids");--> statement-breakpoint
CREATE INDEX "trade_events_order_idx" ON "trade_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "trade_events_inquiry_idx" ON "trade_events" USING btree ("inquiry_id","id");--> statement-breakpoint
CREATE INDEX "trade_mail_queue_pending_idx" ON "trade_mail_queue" USING btree ("user_id","mailed_at");