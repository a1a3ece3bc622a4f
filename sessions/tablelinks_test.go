package sessions

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// TableWithLinks reads what Table and Links read, with one lookup: the
// same table and links, the same errors for a link that opens nothing or
// was replaced.
func TestTableWithLinksIsTableAndLinks(t *testing.T) {
	_, ts := openTest(t)
	ctx := context.Background()
	link := newTable(t, ts)
	ts.RecordGame(ctx, link, 1, "", state(1, 2, 3))
	tb, links, err := ts.TableWithLinks(ctx, link)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := ts.Table(ctx, link)
	wantLinks, _ := ts.Links(ctx, link)
	if tb.Key != want.Key || tb.Head != want.Head || links != wantLinks {
		t.Errorf("%s at %d with %+v, want %s at %d with %+v", tb.Key, tb.Head, links, want.Key, want.Head, wantLinks)
	}
	if _, _, err := ts.TableWithLinks(ctx, "nothing"); !errors.Is(err, ErrNotFound) {
		t.Errorf("a link that opens nothing: %v", err)
	}
	r, err := ts.Rotate(ctx, link, RoleEdit, links.EditGen, "")
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := ts.TableWithLinks(ctx, link); !errors.Is(err, ErrReplaced) {
		t.Errorf("a replaced link: %v", err)
	}
	if tb, _, err := ts.TableWithLinks(ctx, r.Link); err != nil || tb.Key != want.Key {
		t.Errorf("the new link: %v", err)
	}
}

// A repeated "create table" form finds the table it made through the
// index of first events' tokens (migration 006), not by reading every
// event.
func TestCreateTokenLookupUsesItsIndex(t *testing.T) {
	sqliteOnly(t, "SQLite's query plan")
	st, _ := openTest(t)
	rows, err := st.read.Query(`EXPLAIN QUERY PLAN SELECT table_id FROM events WHERE client_token = ? AND kind = 'table_created'`, "x")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var plan []string
	for rows.Next() {
		var id, parent, unused int
		var detail string
		if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
			t.Fatal(err)
		}
		plan = append(plan, detail)
	}
	if len(plan) != 1 || !strings.Contains(plan[0], "events_by_create_token") {
		t.Errorf("query plan %q, want a search of events_by_create_token", plan)
	}
}
