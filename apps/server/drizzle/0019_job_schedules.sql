CREATE TABLE "job_schedules" (
	"name" varchar(40) PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone
);
