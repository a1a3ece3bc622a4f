package sessions

import (
	"context"
	"errors"
	"testing"
)

func TestRotateEditLink(t *testing.T) {
	st, ts := openTest(t)
	ctx := context.Background()
	type told struct {
		owner string
		role  Role
		old   string
	}
	var replacedLinks []told
	ts.OnReplace(func(owner string, role Role, old string) {
		replacedLinks = append(replacedLinks, told{owner, role, old})
	})
	old := newTable(t, ts)
	if _, err := ts.RecordGame(ctx, old, 1, "", state(3, 2, 1)); err != nil {
		t.Fatal(err)
	}
	before, _ := ts.Links(ctx, old)
	tb, _ := ts.Table(ctx, old)

	// A form made before the link's first generation is stale.
	if _, err := ts.Rotate(ctx, old, RoleEdit, 0, "tok"); !errors.As(err, new(*StaleError)) {
		t.Fatalf("rotation from generation 0: %v", err)
	}
	r, err := ts.Rotate(ctx, old, RoleEdit, 1, "tok")
	if err != nil || r.Link == old || len(r.Link) < 26 || r.Gen != 2 || r.Repeat {
		t.Fatalf("rotate: %+v, %v", r, err)
	}
	if len(replacedLinks) != 1 || replacedLinks[0] != (told{tb.Key, RoleEdit, old}) {
		t.Errorf("OnReplace was told %+v", replacedLinks)
	}
	// The same form sent again answers with the same new link, although
	// the link it came through is the replaced one now.
	again, err := ts.Rotate(ctx, old, RoleEdit, 1, "tok")
	if err != nil || again.Link != r.Link || !again.Repeat || len(replacedLinks) != 1 {
		t.Fatalf("double tap: %+v, %v (told %d times)", again, err, len(replacedLinks))
	}
	// The old link opens nothing and writes nothing; it says why.
	var re *ReplacedError
	if _, err := ts.Table(ctx, old); !errors.As(err, &re) || re.Role != RoleEdit || re.At.IsZero() {
		t.Fatalf("old edit link: %v", err)
	}
	if _, err := ts.AddPlayer(ctx, old, 2, "", "Dee"); !errors.Is(err, ErrReplaced) {
		t.Fatalf("write through the old edit link: %v", err)
	}
	if _, err := ts.Links(ctx, old); !errors.Is(err, ErrReplaced) {
		t.Fatalf("the old edit link shows the links: %v", err)
	}
	if _, err := ts.Rotate(ctx, old, RoleView, 1, "other"); !errors.Is(err, ErrReplaced) {
		t.Fatalf("the old edit link replaced the view link: %v", err)
	}
	// A write already loaded through the old link is refused too: the
	// link is checked in the transaction that appends.
	if _, _, err := st.append(ctx, old, 2, "", KindPlayerJoined, PlayerJoined{Name: "Dee"}); !errors.Is(err, ErrReplaced) {
		t.Fatalf("append through the old link: %v", err)
	}
	// The new link is the same table; the view link did not change.
	fresh, err := ts.Table(ctx, r.Link)
	if err != nil || fresh.Key != tb.Key || fresh.Games.Len() != 1 || fresh.Head != 2 {
		t.Fatalf("new link opens %+v, %v", fresh, err)
	}
	after, _ := ts.Links(ctx, r.Link)
	if after.View != before.View || after.EditGen != 2 || after.Edit != r.Link {
		t.Errorf("links after rotating the edit link: %+v (before %+v)", after, before)
	}
	if _, err := ts.AddPlayer(ctx, r.Link, 2, "", "Dee"); err != nil {
		t.Fatalf("write through the new edit link: %v", err)
	}
	// A phone's list keeps only links that still open a table.
	sums, err := ts.Recent(ctx, []string{old, r.Link})
	if err != nil || len(sums) != 1 || sums[0].ID != r.Link {
		t.Errorf("recent tables %+v, %v", sums, err)
	}
}

func TestRotateViewLink(t *testing.T) {
	_, ts := openTest(t)
	ctx := context.Background()
	edit := newTable(t, ts)
	links, _ := ts.Links(ctx, edit)
	if _, err := ts.Rotate(ctx, links.View, RoleView, 1, ""); !errors.Is(err, ErrNotFound) {
		t.Fatalf("the view link replaced itself: %v", err)
	}
	r, err := ts.Rotate(ctx, edit, RoleView, links.ViewGen, "")
	if err != nil {
		t.Fatal(err)
	}
	var re *ReplacedError
	if _, err := ts.ReadOnly(ctx, links.View); !errors.As(err, &re) || re.Role != RoleView {
		t.Fatalf("old view link: %v", err)
	}
	if tb, err := ts.ReadOnly(ctx, r.Link); err != nil || tb.Name != "Friday" {
		t.Fatalf("new view link: %v", err)
	}
	if _, err := ts.Table(ctx, edit); err != nil {
		t.Fatalf("the edit link stopped working: %v", err)
	}
	// Someone else replaced it meanwhile: a form made before is stale.
	if _, err := ts.Rotate(ctx, edit, RoleView, links.ViewGen, ""); !errors.As(err, new(*StaleError)) {
		t.Fatalf("stale rotation: %v", err)
	}
}

func TestRotateAdminLink(t *testing.T) {
	_, ts := openTest(t)
	ctx := context.Background()
	l, err := ts.CreateLeague(ctx, "Club", "wins", "", []string{"Ana", "Ben", "Cy"})
	if err != nil {
		t.Fatal(err)
	}
	old := l.AdminLink()
	l, _ = ts.LeagueByAdmin(ctx, old)
	if _, err := ts.Rotate(ctx, l.ID, RoleAdmin, 1, ""); !errors.Is(err, ErrNotFound) {
		t.Fatalf("the public id replaced the admin link: %v", err)
	}
	gen, _ := ts.AdminGen(ctx, l)
	r, err := ts.Rotate(ctx, old, RoleAdmin, gen, "t1")
	if err != nil || r.Link == old {
		t.Fatalf("rotate admin: %+v, %v", r, err)
	}
	var re *ReplacedError
	if _, err := ts.LeagueByAdmin(ctx, old); !errors.As(err, &re) || re.Role != RoleAdmin {
		t.Fatalf("old admin link: %v", err)
	}
	// A league opened through the old link before it was replaced cannot
	// change anything any more.
	if err := ts.AddMember(ctx, l, "Dee", ""); !errors.Is(err, ErrReplaced) {
		t.Fatalf("member added through the old admin link: %v", err)
	}
	if err := ts.AddTable(ctx, l, newTable(t, ts)); !errors.Is(err, ErrReplaced) {
		t.Fatalf("table added through the old admin link: %v", err)
	}
	fresh, err := ts.LeagueByAdmin(ctx, r.Link)
	if err != nil || fresh.ID != l.ID {
		t.Fatalf("new admin link: %v", err)
	}
	if err := ts.AddMember(ctx, fresh, "Dee", ""); err != nil {
		t.Fatal(err)
	}
	if pub, _ := ts.League(ctx, l.ID); len(pub.Members) != 4 {
		t.Errorf("public page sees %d members", len(pub.Members))
	}
}

// Links are append-only like the event log: replacing one adds a row.
func TestLinksAreAppendOnly(t *testing.T) {
	st, ts := openTest(t)
	ctx := context.Background()
	edit := newTable(t, ts)
	for _, q := range []string{`UPDATE links SET gen = 9 WHERE id = ?`, `DELETE FROM links WHERE id = ?`} {
		if _, err := st.write.ExecContext(ctx, q, edit); err == nil {
			t.Errorf("%s was allowed", q)
		}
	}
	if _, err := ts.Table(ctx, edit); err != nil {
		t.Fatal(err)
	}
}

// A repeated "start a table" form after the edit link was replaced gets
// the link in use, never the old one.
func TestRepeatedCreateAnswersTheLinkInUse(t *testing.T) {
	_, ts := openTest(t)
	ctx := context.Background()
	c := TableCreated{Game: "sum", Players: []string{"Ana", "Ben"}}
	first, err := ts.Create(ctx, "form-1", c)
	if err != nil {
		t.Fatal(err)
	}
	r, err := ts.Rotate(ctx, first, RoleEdit, 1, "")
	if err != nil {
		t.Fatal(err)
	}
	if again, err := ts.Create(ctx, "form-1", c); err != nil || again != r.Link {
		t.Fatalf("repeated create: %q, %v; want %q", again, err, r.Link)
	}
}

// A league that is gone leaves its admin link in the history: it opens
// nothing (404), it was not replaced. (Imports are atomic now, so a failed
// one leaves no league behind; dropLeague removes one as a failed import
// did before.)
func TestLinkOfADroppedLeagueIsNotFound(t *testing.T) {
	_, ts := openTest(t)
	ctx := context.Background()
	l, err := ts.CreateLeague(ctx, "Club", "wins", "", []string{"Ana", "Ben"})
	if err != nil {
		t.Fatal(err)
	}
	ts.dropLeague(ctx, l.ID)
	if _, err := ts.LeagueByAdmin(ctx, l.AdminLink()); !errors.Is(err, ErrNotFound) || errors.Is(err, ErrReplaced) {
		t.Fatalf("admin link of a dropped league: %v", err)
	}
}

// dropLeague removes a league's rows; its links stay in the append-only
// history.
func (ts *Tables) dropLeague(ctx context.Context, id string) {
	for _, q := range []string{`DELETE FROM league_tables WHERE league_id = ?`, `DELETE FROM league_members WHERE league_id = ?`, `DELETE FROM leagues WHERE id = ?`} {
		ts.store.write.ExecContext(ctx, q, id) //nolint:errcheck // checked by the test's lookup
	}
}
