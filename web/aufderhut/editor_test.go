package aufderhut_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"tablemate/scoring"
	"tablemate/scoring/aufderhut"
	"tablemate/web/aufderhut/adhtest"
	"tablemate/web/server"
	"tablemate/web/webtest"
)

// adhScore is the engine's verdict on the same counts.
func adhScore(names []string, variant string, counts ...[3]int) scoring.Result {
	st := aufderhut.State{Options: aufderhut.Options{Variant: variant}}
	for i, c := range counts {
		st.Players = append(st.Players, aufderhut.Player{Name: names[i], Characters: c[0], Wonderhats: c[1], BaldHeads: c[2]})
	}
	return aufderhut.Score(st)
}

func TestADHEveningOverHTTP(t *testing.T) {
	ts := webtest.New(t, server.NewApp)
	names := []string{"Ida", "Jan", "Kim"}
	if !strings.Contains(ts.Get("/tables/new").Body, `value="auf-der-hut"`) {
		t.Fatal("the new-table form does not offer Auf der Hut")
	}
	table := ts.CreateGameTable("auf-der-hut", names...)

	entry := ts.Get(table + "/games/new")
	if entry.Status != http.StatusOK {
		t.Fatalf("editor: %d\n%s", entry.Status, entry.Body)
	}
	if h := entry.Text("h1"); h != "Game 1: final collections" {
		t.Errorf("heading %q, want the Auf der Hut wording", h)
	}
	for _, field := range []string{"characters", "wonderhats", "bald_heads"} {
		// One screen per table (issue #18): each counter is a row of the
		// grid with a cell per player, a number typed in.
		sel := fmt.Sprintf(`[data-testid="counter-grid"] .counter-cell[data-player="Jan"] input[type="number"][name="players[1].%s"]`, field)
		if entry.Doc.Find(sel).Length() != 1 {
			t.Errorf("no %s field for Jan", field)
		}
	}
	if entry.Doc.Find(`input[type="radio"][name="options.variant"]`).Length() != 2 {
		t.Error("the editor offers no variant choice")
	}

	// Game 1, standard: 14 characters taken ends the game (ADH-3).
	g1 := [][3]int{{6, 2, 3}, {5, 1, 4}, {3, 1, 2}}
	res := ts.Post(table+"/games", adhtest.Form(entry.FormOf(t, table+"/games"), "standard", g1...))
	if res.Status != http.StatusSeeOther {
		t.Fatalf("submit game 1: %d\n%s", res.Status, res.Body)
	}
	want1 := adhScore(names, "standard", g1...)
	if !want1.Valid {
		t.Fatalf("test game 1 is not valid: %+v", want1.Violations)
	}
	page := ts.Get(res.Header.Get("Location"))
	for _, p := range want1.Players {
		if got := page.Text(fmt.Sprintf(`[data-player=%q] [data-testid="player-total"]`, p.Name)); got != strconv.Itoa(p.Total) {
			t.Errorf("%s's total = %q, want %d", p.Name, got, p.Total)
		}
	}
	if got := page.Text(`[data-testid="winners"]`); got != want1.Winners[0]+" wins" {
		t.Errorf("winners %q, want %v", got, want1.Winners)
	}
	if got := page.Text(`[data-testid="verdict"] [data-testid="checks-out"]`); got != "✓ All rules check out." {
		t.Errorf("a valid game's verdict says %q, want ✓ All rules check out.", got)
	}
	// The covering: Ida's 6 characters, 3 bald heads, 2 wonderhats: two
	// bald heads cancelled, one hides a hat, 5 characters keep theirs.
	ida := page.Doc.Find(`[data-player="Ida"] [data-testid="adh-covering"]`)
	if ida.Length() != 1 {
		t.Fatalf("no covering picture for Ida:\n%s", page.Body)
	}
	for attr, want := range map[string]string{"data-with-hat": "5", "data-bald-characters": "1", "data-cancelled": "2"} {
		if got, _ := ida.Attr(attr); got != want {
			t.Errorf("Ida's covering %s = %q, want %s", attr, got, want)
		}
	}
	for sel, want := range map[string]int{".adh-card.adh-hat": 5, ".adh-card.adh-bald": 1, ".adh-chip.adh-cancelled": 2, ".adh-chip.adh-spare": 0} {
		if n := ida.Find(sel).Length(); n != want {
			t.Errorf("Ida's covering draws %d %s, want %d", n, sel, want)
		}
	}
	if txt := ida.Find(`figcaption`).Text(); !strings.Contains(txt, "5 keep their hat") || !strings.Contains(txt, "2 bald heads are cancelled by a wonderhat") {
		t.Errorf("covering text %q does not explain the count", txt)
	}

	// Game 2, played on until three were left.
	entry = ts.Get(table + "/games/new")
	g2 := [][3]int{{2, 0, 0}, {9, 0, 1}, {4, 1, 3}}
	res = ts.Post(table+"/games", adhtest.Form(entry.FormOf(t, table+"/games"), "three_left", g2...))
	if res.Status != http.StatusSeeOther {
		t.Fatalf("submit game 2: %d\n%s", res.Status, res.Body)
	}
	want2 := adhScore(names, "three_left", g2...)
	if !want2.Valid {
		t.Fatalf("test game 2 is not valid: %+v", want2.Violations)
	}
	// Corrections reopen with the variant chosen.
	edit := ts.Get(strings.Replace(res.Header.Get("Location"), "/games/2", "/games/2/edit", 1))
	if _, ok := edit.Doc.Find(`input[name="options.variant"][value="three_left"]`).Attr("checked"); !ok {
		t.Error("the correction form lost the variant")
	}

	tbl := ts.Get(table)
	best, leader := -1, ""
	for i, name := range names {
		total := want1.Players[i].Total + want2.Players[i].Total
		if got := tbl.Text(fmt.Sprintf(`tr[data-player=%q] [data-testid="total"]`, name)); got != strconv.Itoa(total) {
			t.Errorf("%s's running total = %q, want %d", name, got, total)
		}
		if total > best {
			best, leader = total, name
		}
	}
	if got := tbl.Text(`[data-testid="leader"]`); !strings.Contains(got, leader+" leads") {
		t.Errorf("leader banner %q, want %s leads", got, leader)
	}
}

func TestADHBadEntries(t *testing.T) {
	ts := webtest.New(t, server.NewApp)
	table := ts.CreateGameTable("auf-der-hut", "Ida", "Jan")
	entry := ts.Get(table + "/games/new")

	// Unreadable: the field is marked and nothing is saved.
	f := adhtest.Form(entry.FormOf(t, table+"/games"), "standard", [3]int{7, 2, 1}, [3]int{7, 2, 1})
	f.Set("players[1].bald_heads", "lots")
	p := ts.Post(table+"/games", f)
	if p.Status != http.StatusUnprocessableEntity {
		t.Fatalf("unreadable count: %d, want 422", p.Status)
	}
	in := p.Doc.Find(`input[name="players[1].bald_heads"]`)
	if v, _ := in.Attr("aria-invalid"); v != "true" {
		t.Errorf("the bad field is not marked aria-invalid: %q", v)
	}
	if v, _ := in.Attr("value"); v != "lots" {
		t.Errorf("the bad entry was not kept: %q", v)
	}
	if msg := p.Text(`#err-players-1-bald_heads`); !strings.Contains(msg, "whole number") {
		t.Errorf("error message %q", msg)
	}
	// An unknown variant is the engine's error, shown on the choice.
	f = adhtest.Form(entry.FormOf(t, table+"/games"), "sideways", [3]int{7, 2, 1}, [3]int{7, 2, 1})
	if p := ts.Post(table+"/games", f); p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Text(`#err-options-variant`), "three_left") {
		t.Errorf("unknown variant: %d %q", p.Status, p.Text(`#err-options-variant`))
	}

	// Impossible: a standard game that has not ended is recorded and shows
	// the rule it breaks.
	f = adhtest.Form(entry.FormOf(t, table+"/games"), "standard", [3]int{2, 0, 1}, [3]int{1, 0, 0})
	p = ts.PostDisputed(t, table+"/games", f)
	if p.Status != http.StatusSeeOther {
		t.Fatalf("impossible game: %d\n%s", p.Status, p.Body)
	}
	res := ts.Get(p.Header.Get("Location"))
	li := res.Doc.Find(`[data-testid="violations"] li[data-code="game_not_over"]`)
	if li.Length() != 1 || !strings.Contains(li.Text(), "Rule ADH-3") {
		t.Errorf("the result page does not list game_not_over with ADH-3:\n%s", res.Body)
	}
	if v, _ := res.Doc.Find(`[data-testid="verdict"]`).Attr("data-valid"); v != "false" {
		t.Errorf("verdict valid = %q", v)
	}
}

func TestADHCheckPageSkipsEmptySeats(t *testing.T) {
	ts := webtest.New(t, server.NewApp)
	form := ts.Get("/check/auf-der-hut")
	if n := form.Doc.Find(`input[name$=".name"]`).Length(); n != aufderhut.MaxPlayers {
		t.Fatalf("%d name boxes on the check page, want %d", n, aufderhut.MaxPlayers)
	}
	f := form.FormOf(t, "/check/auf-der-hut")
	f.Set("players[0].name", "Ida")
	f.Set("players[3].name", "Jan")
	f = adhtest.Form(f, "", [3]int{8, 1, 2}, [3]int{}, [3]int{}, [3]int{6, 3, 4})
	p := ts.Post("/check/auf-der-hut", f)
	if p.Status != http.StatusOK {
		t.Fatalf("check: %d\n%s", p.Status, p.Body)
	}
	want := adhScore([]string{"Ida", "Jan"}, "", [3]int{8, 1, 2}, [3]int{6, 3, 4})
	if got := p.Doc.Find(`[data-testid="player-result"]`).Length(); got != 2 {
		t.Errorf("%d players scored, want 2 (empty seats skipped)", got)
	}
	for _, r := range want.Players {
		if got := p.Text(fmt.Sprintf(`[data-player=%q] [data-testid="player-total"]`, r.Name)); got != strconv.Itoa(r.Total) {
			t.Errorf("%s = %q, want %d", r.Name, got, r.Total)
		}
	}
	if p.Doc.Find(`[data-player="Jan"] [data-testid="adh-covering"]`).Length() != 1 {
		t.Error("the checker shows no covering")
	}
	// An engine error on the second scored player lands on seat 3.
	f.Set("players[3].name", "Ida")
	p = ts.Post("/check/auf-der-hut", f)
	if v, _ := p.Doc.Find(`input[name="players[3].name"]`).Attr("aria-invalid"); p.Status != http.StatusUnprocessableEntity || v != "true" {
		t.Errorf("duplicate name: %d, seat 3 aria-invalid=%q", p.Status, v)
	}
}

func TestADHPlayAPI(t *testing.T) {
	ts := webtest.New(t, server.NewApp)
	// API.md's example log.
	status, out := ts.PostJSON("/api/v1/games/auf-der-hut/play", `{"players": ["Ida", "Jan"], "options": {"variant": "standard"},
	 "steps": [{"look": 3}, {"swap": [1, 5]}, {"reveal": 2, "outcome": "match"},
	           {"reveal": 4, "outcome": "wonderhat"}, {"reveal": 6, "outcome": "miss"}]}`)
	if status != http.StatusOK || out["valid"] != true {
		t.Fatalf("valid replay: %d %v", status, out)
	}
	st, _ := out["state"].(map[string]any)
	if st == nil || st["characters_left"] == nil || st["hats_left"] == nil || out["result"] != nil {
		t.Errorf("state %v, result %v; want counts and result null mid-game", st, out["result"])
	}
	ans, err := aufderhut.Engine{}.Replay([]byte(`{"players": ["Ida", "Jan"], "steps": [{"look": 3}, {"swap": [1, 5]}, {"reveal": 2, "outcome": "match"}, {"reveal": 4, "outcome": "wonderhat"}, {"reveal": 6, "outcome": "miss"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	want, _ := json.Marshal(ans.State)
	got, _ := json.Marshal(st)
	var w, g any
	json.Unmarshal(want, &w)
	json.Unmarshal(got, &g)
	if fmt.Sprint(w) != fmt.Sprint(g) {
		t.Errorf("state %s, engine says %s", got, want)
	}

	// A refused step: 200, invalid, the step and its code.
	status, out = ts.PostJSON("/api/v1/games/auf-der-hut/play", `{"players":["Ida","Jan"],"steps":[{"look":9}]}`)
	errs, _ := out["errors"].([]any)
	if status != http.StatusOK || out["valid"] != false || len(errs) != 1 {
		t.Fatalf("bad step: %d %v", status, out)
	}
	if e := errs[0].(map[string]any); e["step"] != float64(1) || e["code"] != "no_such_spot" {
		t.Errorf("step error %v", e)
	}

	// Malformed: 400 naming the field.
	for body, field := range map[string]string{
		`{"players":["Ida","Jan"],"steps":[{"swap":[1]}]}`:                           "steps[0].swap",
		`{"players":["Ida","Jan"],"steps":[{"reveal":2}]}`:                           "steps[0].outcome",
		`{"players":["Ida","Jan"],"options":{"variant":"x"}}`:                        "options.variant",
		`{"players":["Ida","Jan"],"steps":[{"look":1,"reveal":2,"outcome":"miss"}]}`: "steps[0]",
	} {
		status, out := ts.PostJSON("/api/v1/games/auf-der-hut/play", body)
		e, _ := out["error"].(map[string]any)
		if status != http.StatusBadRequest || e == nil || e["field"] != field {
			t.Errorf("%s: %d %v, want 400 on %s", body, status, out, field)
		}
	}
	for _, body := range []string{"", "{", "null", "[]", `{"players":"Ida"}`, `{"steps":[null]}`, "\xff"} {
		if status, _ := ts.PostJSON("/api/v1/games/auf-der-hut/play", body); status != http.StatusBadRequest {
			t.Errorf("%q: %d, want 400", body, status)
		}
	}
	// Koffer, Katze & Sombrero replays through the same route (API.md's log).
	status, out = ts.PostJSON("/api/v1/games/koffer-katze-sombrero/play", `{"players": ["Amelia", "Victor", "Enrique"],
	 "row": ["red 10", "black 2", "red 1", "blue 4", "yellow 6", "red 5", "black 9"],
	 "steps": [{"take": 3, "reveal": "blue 7"}, {"take": 1, "reveal": "yellow 2"}]}`)
	if status != http.StatusOK || out["valid"] != true || out["state"] == nil {
		t.Errorf("KKS replay: %d %v", status, out)
	}
	status, out = ts.PostJSON("/api/v1/games/koffer-katze-sombrero/play", `{"players":["A","B"],"row":["red 10"],"steps":[]}`)
	if e, _ := out["error"].(map[string]any); status != http.StatusBadRequest || e == nil || e["field"] != "row" {
		t.Errorf("KKS malformed row: %d %v", status, out)
	}
	// An unknown game has no guided play (every game has it now).
	for _, game := range []string{"nope"} {
		if status, out := ts.PostJSON("/api/v1/games/"+game+"/play", `{}`); status != http.StatusNotFound || out["error"] == nil {
			t.Errorf("%s/play: %d %v, want 404", game, status, out)
		}
	}
}
