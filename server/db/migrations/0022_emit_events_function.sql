-- The outbox's one statement (ADR 0020, server/kernel/events.ts emitEvents): a function, so its plans are made once per
-- connection and an emitting command pays one round trip and no planning. In order:
-- 1. the company's enabled subscriptions that take any of the events' types, locked shared to the transaction's end
--    before an event id is taken ("In order, none left behind");
-- 2. the events, and a delivery per event and subscription that takes its type;
-- 3. a sending job per subscription given a delivery, unless one is queued (not yet running: it will see them), and a
--    notify for the runners (server/kernel/job-queue.ts: kind webhooks.deliver, order key webhook:<id>, 25 attempts,
--    channel wms_jobs; the same values as events.ts).
-- Returns the events' ids in the order given.
CREATE OR REPLACE FUNCTION wms_emit_events(p_company integer, p_events jsonb)
RETURNS SETOF bigint
LANGUAGE plpgsql AS $$
DECLARE
  subs integer[];
  ids bigint[];
  woken integer[];
BEGIN
  SELECT array_agg(s.id ORDER BY s.id) INTO subs
  FROM webhook_subscriptions s
  WHERE s.company_id = p_company AND s.enabled
    AND s.event_types && ARRAY(SELECT DISTINCT x->>'type' FROM jsonb_array_elements(p_events) AS x);
  IF subs IS NULL THEN
    RETURN QUERY
      INSERT INTO webhook_events (company_id, type, payload)
      SELECT p_company, x->>'type', x->'payload' FROM jsonb_array_elements(p_events) WITH ORDINALITY AS a(x, n) ORDER BY n
      RETURNING id;
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(72020, sid) FROM unnest(subs) AS sid;
  WITH e AS (
    INSERT INTO webhook_events (company_id, type, payload)
    SELECT p_company, x->>'type', x->'payload' FROM jsonb_array_elements(p_events) WITH ORDINALITY AS a(x, n) ORDER BY n
    RETURNING id, type),
  d AS (
    INSERT INTO webhook_deliveries (subscription_id, event_id)
    SELECT s.id, e.id FROM e JOIN webhook_subscriptions s ON s.id = ANY(subs) AND e.type = ANY(s.event_types)
    RETURNING subscription_id)
  SELECT (SELECT array_agg(e.id ORDER BY e.id) FROM e), (SELECT array_agg(DISTINCT d.subscription_id) FROM d) INTO ids, woken;
  IF woken IS NOT NULL THEN
    INSERT INTO jobs (kind, company_id, payload, max_attempts, order_key)
    SELECT 'webhooks.deliver', p_company, jsonb_build_object('subscriptionId', w), 25, 'webhook:' || w
    FROM unnest(woken) AS w
    WHERE NOT EXISTS (SELECT 1 FROM jobs j WHERE j.kind = 'webhooks.deliver' AND j.order_key = 'webhook:' || w AND j.state = 'queued');
    IF FOUND THEN
      PERFORM pg_notify('wms_jobs', 'webhooks.deliver');
    END IF;
  END IF;
  RETURN QUERY SELECT unnest(ids);
END
$$;
