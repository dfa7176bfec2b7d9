-- Admin content screens (issue 19, decision 038).

-- Spec §4 "a close action exists": an inquiry closed without a written answer is done for the
-- member (status answered, no answer text) and marked closed for the admin list.
ALTER TABLE inquiries ADD COLUMN closed_at timestamptz;

-- The note box sends to every agent account too (spec §2 note box, §6 targets).
ALTER TABLE message_sends DROP CONSTRAINT message_sends_target_check;
ALTER TABLE message_sends ADD CONSTRAINT message_sends_target_check
  CHECK (target IN ('all','user','level','agents','agent_lower_direct','agent_lower_all'));
-- Read counts of a send's notes.
CREATE INDEX messages_send_idx ON messages (send_id) WHERE send_id IS NOT NULL;

-- Pop-ups keep their edit time; the admin list shows it.
ALTER TABLE popups ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
