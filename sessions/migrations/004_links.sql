-- Capability links apart from what they open. A table's edit and
-- view-only links and a league's admin link are rows here, so a link can be
-- replaced ("rotated") when it reached the wrong people, while the table
-- keeps its key, its log and its league entries.
--
-- Like the event log, links are never changed or deleted: replacing a link
-- adds its next generation. A link works while it is the newest generation
-- of its owner and role; an older one answers "replaced" (410 Gone), so a
-- phone holding it learns why it stopped working.
CREATE TABLE links (
    id           TEXT PRIMARY KEY,              -- what the URL carries
    owner        TEXT NOT NULL,                 -- tables.id (edit, view) or leagues.id (admin)
    role         TEXT NOT NULL CHECK (role IN ('edit', 'view', 'admin')),
    gen          INTEGER NOT NULL CHECK (gen >= 1),
    client_token TEXT,                          -- one-time token of the form that replaced the link before
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

-- Every link in use keeps working: a table's key was its edit link, its
-- read_id its view-only link; a league's admin_id its admin link. Those
-- columns are not read any more.
INSERT INTO links (id, owner, role, gen, created_at)
    SELECT id, id, 'edit', 1, created_at FROM tables;
INSERT INTO links (id, owner, role, gen, created_at)
    SELECT read_id, id, 'view', 1, created_at FROM tables WHERE read_id IS NOT NULL;
INSERT INTO links (id, owner, role, gen, created_at)
    SELECT admin_id, id, 'admin', 1, created_at FROM leagues;
