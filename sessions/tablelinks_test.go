package sessions

import (
	"context"
	"errors"
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
