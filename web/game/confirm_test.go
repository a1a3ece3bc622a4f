package game_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"tablemate/web/game"
	"tablemate/web/kks/kkstest"
)

// Lea and Tom's finished two-player game (README): 17 cards each, no rule
// broken.
var (
	leaTom       = []map[string]string{{"red": "1 2 3 4 5 6 7 8 9 10", "blue": "1 2 3 4 5 6 7"}, {"yellow": "1 2 3 4 5 6 7 8 9 10", "black": "1 2 3 4 5 6 7"}}
	leaTomTokens = []string{"4", "6"}
)

// firstTap is the editor's form as a phone sends it on "Check and save":
// without the problems page's second choice.
func firstTap(base url.Values, displays []map[string]string, tokens []string) url.Values {
	f := kkstest.Form(base, displays, tokens)
	f.Del(game.FieldDisputed)
	return f
}

// TestBrokenResultIsNotSavedOnTheFirstTap: a result that breaks a rule is
// shown with what is wrong and saved only by "Save as disputed", as an
// ordinary write (token and version); "Fix it" brings the filled form
// back; a correction is held the same way (issue #18).
func TestBrokenResultIsNotSavedOnTheFirstTap(t *testing.T) {
	ts := newTestServer(t)
	table := ts.CreateTable("Amelia", "Victor")
	entry := ts.Get(table+"/games/new").FormOf(t, table+"/games")
	f := firstTap(entry, []map[string]string{kkstest.Amelia, {"red": "2 3"}}, []string{"3", "7"})

	first := ts.Post(table+"/games", f)
	if first.Status != http.StatusUnprocessableEntity {
		t.Fatalf("first tap on a broken result: %d, want 422", first.Status)
	}
	if n := ts.Table(table).Games.Len(); n != 0 {
		t.Fatalf("the first tap saved %d games", n)
	}
	if got := first.Text(`[data-testid="problems"]`); !strings.Contains(got, "Not saved yet: 2 things to check") {
		t.Errorf("problems banner %q", got)
	}
	if first.Doc.Find(`[data-testid="violations"] li[data-code="card_count"]`).Length() != 2 {
		t.Errorf("both displays' card count (KKS-3) are not listed:\n%s", first.Doc.Find("main").Text())
	}
	// Both choices post the whole entry again, with its token and the
	// version the phone saw.
	again := first.FormOf(t, table+"/games")
	for _, k := range []string{"_token", "_seen", "players[0].display.red", "players[1].display.red", "players[1].tokens"} {
		if again.Get(k) != f.Get(k) {
			t.Errorf("the problems page carries %s = %q, want %q", k, again.Get(k), f.Get(k))
		}
	}
	if first.Doc.Find(`[data-testid="fix-it"][name="_fix"]`).Length() != 1 || first.Doc.Find(`[data-testid="save-disputed"][name="_disputed"]`).Length() != 1 {
		t.Fatal("the problems page lacks Fix it or Save as disputed")
	}
	if got := first.Text(`[data-testid="save-disputed"]`); got != "Save as disputed" {
		t.Errorf("second choice %q", got)
	}

	// Fix it: the filled form again, the problems listed above it, nothing
	// saved; the same entry keeps its token.
	fix := ts.Post(table+"/games", withField(again, game.FieldFix))
	if fix.Status != http.StatusOK {
		t.Fatalf("fix it: %d", fix.Status)
	}
	if v, _ := fix.Doc.Find(`input[name="players[0].display.black"]`).Attr("value"); v != "4 6 x 5" {
		t.Errorf("fix it lost the entry: black = %q", v)
	}
	if got := fix.Text(`[data-testid="flash-list"]`); !strings.Contains(got, "Amelia:") || !strings.Contains(got, "Victor:") {
		t.Errorf("fix it does not list the problems: %q", got)
	}
	if back := fix.FormOf(t, table+"/games"); back.Get("_token") != f.Get("_token") || back.Get("_seen") != f.Get("_seen") {
		t.Errorf("fix it gave the entry a new token or version: %v", back)
	}
	if n := ts.Table(table).Games.Len(); n != 0 {
		t.Fatalf("fix it saved %d games", n)
	}

	// Save as disputed: one game, invalid, and a double tap saves no more.
	disputed := withField(again, game.FieldDisputed)
	saved := ts.Post(table+"/games", disputed)
	if saved.Status != http.StatusSeeOther {
		t.Fatalf("save as disputed: %d\n%s", saved.Status, saved.Body)
	}
	// (The second answer is the same game, saying it was recorded already:
	// a resent token, as the offline outbox sends it, is no second game.)
	pathOnly := func(loc string) string { return strings.SplitN(loc, "?", 2)[0] }
	if twice := ts.Post(table+"/games", disputed); twice.Status != http.StatusSeeOther || pathOnly(twice.Header.Get("Location")) != pathOnly(saved.Header.Get("Location")) {
		t.Errorf("a double tap on save as disputed: %d %s", twice.Status, twice.Header.Get("Location"))
	}
	tb := ts.Table(table)
	if tb.Games.Len() != 1 || tb.Games.At(0).Result().Valid {
		t.Fatalf("after save as disputed: %d games, valid %v", tb.Games.Len(), tb.Games.Len() == 1 && tb.Games.At(0).Result().Valid)
	}
	if v, _ := ts.Get(saved.Header.Get("Location")).Doc.Find(`[data-testid="verdict"]`).Attr("data-valid"); v != "false" {
		t.Errorf("the disputed game's verdict: valid = %q", v)
	}

	// A correction that breaks a rule is held too; the game is unchanged.
	edit := ts.Get(table+"/games/1/edit").FormOf(t, table+"/games/1")
	corr := firstTap(edit, []map[string]string{kkstest.Amelia, {"red": "2 3 1"}}, []string{"3", "7"})
	if p := ts.Post(table+"/games/1", corr); p.Status != http.StatusUnprocessableEntity || p.Doc.Find(`[data-testid="save-disputed"]`).Length() != 1 {
		t.Fatalf("a broken correction: %d", p.Status)
	}
	if tb := ts.Table(table); tb.Head != 2 || tb.Games.At(0).State == nil || strings.Contains(string(tb.Games.At(0).State), "2 3 1") {
		t.Errorf("a held correction changed the table: head %d", tb.Head)
	}
	// A correction that checks out is saved on the first tap.
	good := firstTap(edit, leaTom, leaTomTokens)
	if p := ts.Post(table+"/games/1", good); p.Status != http.StatusSeeOther {
		t.Fatalf("a good correction: %d\n%s", p.Status, p.Body)
	}
	if tb := ts.Table(table); !tb.Games.At(0).Result().Valid {
		t.Error("the good correction was not saved")
	}
}

// TestDisputedSaveKeepsTheVersionRule: "Save as disputed" is refused when
// another phone changed the table since the entry was made (409, nothing
// saved, the entry kept), like any write.
func TestDisputedSaveKeepsTheVersionRule(t *testing.T) {
	ts := newTestServer(t)
	table := ts.CreateTable("Amelia", "Victor")
	entry := ts.Get(table+"/games/new").FormOf(t, table+"/games")
	first := ts.Post(table+"/games", firstTap(entry, []map[string]string{kkstest.Amelia, {"red": "2 3"}}, []string{"3", "7"}))
	if first.Status != http.StatusUnprocessableEntity {
		t.Fatalf("first tap: %d", first.Status)
	}
	again := first.FormOf(t, table+"/games")
	ts.EnterKKS(table, leaTom, leaTomTokens) // another phone saves a game meanwhile
	p := ts.Post(table+"/games", withField(again, game.FieldDisputed))
	if p.Status != http.StatusConflict {
		t.Fatalf("a disputed save from an old version: %d, want 409", p.Status)
	}
	if v, _ := p.Doc.Find(`input[name="players[0].display.black"]`).Attr("value"); v != "4 6 x 5" {
		t.Errorf("the refused entry was lost: black = %q", v)
	}
	if tb := ts.Table(table); tb.Games.Len() != 1 || !tb.Games.At(0).Result().Valid {
		t.Errorf("the refused disputed save recorded something: %d games", tb.Games.Len())
	}
}

// TestEmptyPlayerIsNotSavedOnTheFirstTap: a result that leaves a player
// with nothing entered is held even when no rule is broken; its second
// choice says "Save as it is".
func TestEmptyPlayerIsNotSavedOnTheFirstTap(t *testing.T) {
	ts := newTestServer(t)
	table := ts.CreateGameTable("alaska", "Ana", "Ben", "Cy")
	f := ts.Get(table+"/games/new").FormOf(t, table+"/games")
	f.Set("players[0].salmon", "5")
	f.Set("players[1].salmon", "3")
	first := ts.Post(table+"/games", f)
	if first.Status != http.StatusUnprocessableEntity {
		t.Fatalf("a player left empty: %d, want 422", first.Status)
	}
	if got := first.Text(`[data-testid="empty-players"]`); !strings.Contains(got, "Cy: nothing entered yet") || strings.Contains(got, "Ana") {
		t.Errorf("empty players listed as %q", got)
	}
	if got := first.Text(`[data-testid="save-disputed"]`); got != "Save as it is" {
		t.Errorf("second choice %q", got)
	}
	if n := ts.Table(table).Games.Len(); n != 0 {
		t.Fatalf("the first tap saved %d games", n)
	}
	if p := ts.Post(table+"/games", withField(first.FormOf(t, table+"/games"), game.FieldDisputed)); p.Status != http.StatusSeeOther {
		t.Fatalf("save as it is: %d", p.Status)
	}
	if n := ts.Table(table).Games.Len(); n != 1 {
		t.Errorf("save as it is saved %d games", n)
	}
}

// TestProblemsPageInGerman: the problems page and its choices in German.
func TestProblemsPageInGerman(t *testing.T) {
	ts := newTestServer(t)
	table := ts.CreateTable("Amelia", "Victor")
	entry := ts.German(table+"/games/new", nil).FormOf(t, table+"/games")
	p := ts.German(table+"/games", firstTap(entry, []map[string]string{kkstest.Amelia, {"red": "2 3"}}, []string{"3", "7"}))
	if p.Status != http.StatusUnprocessableEntity {
		t.Fatalf("first tap: %d", p.Status)
	}
	for sel, want := range map[string]string{
		`[data-testid="problems"] strong`: "Noch nicht gespeichert: 2 Probleme",
		`[data-testid="fix-it"]`:          "Korrigieren",
		`[data-testid="save-disputed"]`:   "Als strittig speichern",
	} {
		if got := p.Text(sel); got != want {
			t.Errorf("%s = %q, want %q", sel, got, want)
		}
	}
}

func withField(f url.Values, name string) url.Values {
	out := url.Values{name: {"1"}}
	for k, v := range f {
		out[k] = v
	}
	return out
}
