-- Placeholder: number 003 belongs to another branch (issue 9 or 12) that is not merged yet.
-- Delete this file when that 003 lands; 004_channel_settings.sql follows it.
SELECT 1;
