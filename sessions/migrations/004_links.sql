-- Capability links apart from what they open. A table's key (tables.id)
-- stops being its edit link: the links in use are tables.edit_link,
-- tables.read_id (the view-only link) and leagues.admin_id, read on every
-- page like tables.head, so a link can be replaced ("rotated") when it
-- reached the wrong people while the table keeps its key, its log and its
-- league entries.
--
-- Every link ever given out is also a row of links, which like the event
-- log is never changed or deleted: replacing a link adds its next
-- generation there and points the owner at it, in one transaction. A link
-- that is in links but no longer in use answers "replaced" (410 Gone), so
-- a phone holding it learns why it stopped working.
CREATE TABLE links (
    id           TEXT PRIMARY KEY,              -- what the URL carries
    owner        TEXT NOT NULL,                 -- tables.id (edit, view) or leagues.id (admin)
    role         TEXT NOT NULL CHECK (role IN ('edit', 'view', 'admin')),
    gen          INTEGER NOT NULL CHECK (gen >= 1),
    client_token TEXT,                          -- one-time token of the form that made it
    created_at   TEXT NOT NULL,
    UNIQUE (owner, role, gen),
    UNIQUE (owner, role, client_token)
) WITHOUT ROWID;

CREATE TRIGGER links_no_update BEFORE UPDATE ON links
BEGIN
    SELECT RAISE(ABORT, 'links are append-only');
END;

CREATE TRIGGER links_no_delete BEFORE DELETE ON links
BEGIN
    SELECT RAISE(ABORT, 'links are append-only');
END;

-- The links in use and their generations (the version a form replacing
-- one must have seen).
ALTER TABLE tables ADD COLUMN edit_link TEXT;
ALTER TABLE tables ADD COLUMN edit_gen INTEGER NOT NULL DEFAULT 1;
ALTER TABLE tables ADD COLUMN view_gen INTEGER NOT NULL DEFAULT 1;
ALTER TABLE leagues ADD COLUMN admin_gen INTEGER NOT NULL DEFAULT 1;

-- Every link in use keeps working: a table's key was its edit link.
UPDATE tables SET edit_link = id;
CREATE UNIQUE INDEX tables_by_edit_link ON tables(edit_link);

INSERT INTO links (id, owner, role, gen, created_at)
    SELECT id, id, 'edit', 1, created_at FROM tables;
INSERT INTO links (id, owner, role, gen, created_at)
    SELECT read_id, id, 'view', 1, created_at FROM tables WHERE read_id IS NOT NULL;
INSERT INTO links (id, owner, role, gen, created_at)
    SELECT admin_id, id, 'admin', 1, created_at FROM leagues;
