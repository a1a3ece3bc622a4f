package alaska_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"tablemate/scoring/alaska"
	alaskaweb "tablemate/web/alaska"
	"tablemate/web/alaska/alaskatest"
	"tablemate/web/server"
	"tablemate/web/webtest"
)

func TestPlayAlongAlaska(t *testing.T) {
	ts := webtest.New(t, server.NewApp, func(a *server.App) { a.SetWriteRate(0) })
	table := ts.CreateGameTable(alaska.Slug, "Ana", "Ben")
	if href, _ := ts.Get(table).Doc.Find(`[data-testid="play-along"]`).Attr("href"); href != table+"/play" {
		t.Fatalf("no play-along link on the table page: %q", href)
	}
	setup := ts.Get(table + "/play")
	if ph, _ := setup.Doc.Find(`[data-testid="draw-pile"]`).Attr("placeholder"); ph != "58" {
		t.Errorf("default pile for 2 players: %q, want 58 (76 − 10 − 8)", ph)
	}
	// A pile that is not a number names its field; one the deck cannot
	// hold is refused with its rule.
	if p := alaskatest.Start(t, ts, table, "Ana", "lots"); p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Text(".field-error"), "draw pile") {
		t.Fatalf("bad pile: %d %q", p.Status, p.Text(".field-error"))
	}
	if p := alaskatest.Start(t, ts, table, "Ana", "70"); p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Body, "rule CAM-1") {
		t.Fatalf("pile too big: %d %q", p.Status, p.Text(".field-error"))
	}
	if p := alaskatest.Start(t, ts, table, "Ana", "9"); p.Status != http.StatusSeeOther {
		t.Fatalf("start: %d %s", p.Status, p.Text(".field-error"))
	}

	play := ts.Get(table + "/play")
	if got := play.Text(`[data-testid="to-move"]`); got != "Ana's turn" {
		t.Fatalf("to move: %q", got)
	}
	if cur := play.Text(`.ak-phases [aria-current="step"]`); !strings.Contains(cur, "Salmon") {
		t.Errorf("the stepper starts at %q", cur)
	}
	if n := play.Doc.Find(`svg [data-testid^="section-"]`).Length(); n != 10 {
		t.Errorf("%d river sections drawn, want 10", n)
	}
	if l, _ := play.Doc.Find(`[data-testid="section-7"]`).Attr("aria-label"); l != "Section 7: empty" {
		t.Errorf("section 7 is named %q", l)
	}
	// Tapping a border says who lays the salmon (Ben, on Ana's right).
	if txt := ts.Get(table + "/play?at=4").Text(`[data-testid="place-panel"]`); !strings.Contains(txt, "Ben lays Ana's salmon across sections 4 and 5") {
		t.Errorf("place panel: %q", txt)
	}

	if l := play.Text(`[data-testid="end-turn"]`); l != "End the turn (play 3 more cards first: keep at most 1)" {
		t.Errorf("end button with 4 cards: %q", l)
	}
	// A refused step names the rule and records nothing: 4 cards kept.
	f := play.FormOf(t, table+"/play/step")
	f.Set("move", "end")
	if p := ts.Post(table+"/play/step", f); p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Body, "rule ALA-1") || !strings.Contains(p.Body, "at most 1 card") {
		t.Fatalf("end with 4 cards: %d %s", p.Status, p.Text(".flash"))
	}
	bad := play.FormOf(t, table+"/play/step")
	bad.Set("move", "fish:3")
	if p := ts.Post(table+"/play/step", bad); p.Status != http.StatusUnprocessableEntity {
		t.Fatalf("unreadable move: %d", p.Status)
	}

	// The first move, tapped twice with the same form, is recorded once.
	p := ts.Get(table + "/play?at=4")
	f = p.FormOf(t, table+"/play/step")
	f.Set("move", "salmon:4")
	for range 2 {
		if r := ts.Post(table+"/play/step", f); r.Status != http.StatusSeeOther {
			t.Fatalf("place salmon: %d %s", r.Status, r.Body)
		}
	}
	play = ts.Get(table + "/play")
	if n := play.Doc.Find(`[data-testid="border-4"][data-salmon="1"]`).Length(); n != 1 {
		t.Fatalf("salmon on 4–5 drawn %d times", n)
	}
	if got := play.Text(`[data-player="Ana"] .small`); got != "3 cards in hand" {
		t.Errorf("after one salmon Ana holds %q", got)
	}
	// A stale form (made before that move) is refused with the fresh table.
	stale := url.Values{}
	for k, v := range f {
		stale[k] = v
	}
	stale.Set("_token", "another")
	stale.Set("move", "flow")
	if r := ts.Post(table+"/play/step", stale); r.Status != http.StatusConflict {
		t.Fatalf("stale form: %d", r.Status)
	}
	// Undo takes the salmon back and stays in the game.
	if r := ts.Post(table+"/undo", play.FormOf(t, table+"/undo")); r.Status != http.StatusSeeOther || r.Header.Get("Location") != table+"/play" {
		t.Fatalf("undo: %d %q", r.Status, r.Header.Get("Location"))
	}
	if n := ts.Get(table + "/play").Doc.Find(`[data-testid="border-4"][data-salmon="1"]`).Length(); n != 0 {
		t.Fatal("undo left the salmon in the river")
	}

	// The whole scripted game, checking what the page says on the way.
	var last webtest.Page
	for i, m := range alaskatest.Script {
		if i == 3 {
			pg := ts.Get(table + "/play")
			if l, _ := pg.Doc.Find(`[data-testid="section-3"]`).Attr("aria-label"); !strings.Contains(l, "last cast") {
				t.Errorf("the section hit is not marked: %q", l)
			}
			if txt := pg.Text(`[data-testid="events"]`); !strings.Contains(txt, "catches the salmon on 3–4") {
				t.Errorf("the catch is not told: %q", txt)
			}
			if got := pg.Text(`[data-player="Ana"] [data-testid="salmon-count"]`); got != "1" {
				t.Errorf("Ana's salmon after the catch: %q", got)
			}
		}
		if m.Move == "angler:local:6" {
			if txt := ts.Get(table + "/play?sec=8").Text(`[data-testid="cast-preview"]`); !strings.Contains(txt, "A cast into 8: Ben catches the salmon on 8–9") {
				t.Errorf("cast preview for 8: %q", txt)
			}
		}
		if m.Move == "cast:9" {
			if txt := ts.Get(table + "/play?sec=9").Text(`[data-testid="cast-preview"]`); !strings.Contains(txt, "A cast into 9: Ben hooks the tourist in section 9: the tourist goes to the discard pile; Ben loses") {
				t.Errorf("cast preview for 9: %q", txt)
			}
		}
		last = alaskatest.Tap(t, ts, table, m)
		if last.Status != http.StatusSeeOther {
			t.Fatalf("move %d %s: %d %s", i+1, m.Move, last.Status, last.Body)
		}
		if i == 12 {
			if b := ts.Get(table + "/play").Text(`[data-testid="last-round"]`); !strings.Contains(b, "2 turns to go") {
				t.Errorf("last round banner: %q", b)
			}
		}
	}
	if last.Header.Get("Location") != table+"/games/1" {
		t.Fatalf("after the last move: %q, want the game's result", last.Header.Get("Location"))
	}
	res := ts.Get(table + "/games/1")
	if v, _ := res.Doc.Find(`[data-testid="verdict"]`).Attr("data-valid"); v != "true" {
		t.Errorf("the guided game's final state is not valid: %s", res.Text("main"))
	}
	g := ts.Table(table).Games.At(0)
	var state alaska.State
	if err := json.Unmarshal(g.State, &state); err != nil {
		t.Fatal(err)
	}
	if state.Players[0].Salmon != 2 || state.Players[1].Salmon != 0 || len(g.Result().Winners) != 1 || g.Result().Winners[0] != "Ana" {
		t.Errorf("final state %+v, winners %v", state, g.Result().Winners)
	}
}

func TestAlaskaPlayWeighsLittle(t *testing.T) {
	ts := webtest.New(t, server.NewApp, func(a *server.App) { a.SetWriteRate(0) })
	table := ts.CreateGameTable(alaska.Slug, "Ana", "Ben", "Cy", "Dee")
	if p := alaskatest.Start(t, ts, table, "Ana", ""); p.Status != http.StatusSeeOther {
		t.Fatalf("start: %d", p.Status)
	}
	for _, path := range []string{table + "/play", table + "/play?sec=7", table + "/play?at=3"} {
		total, doc := ts.CompressedSize(t, path)
		doc.Find(`link[rel="stylesheet"], script[src]`).Each(func(_ int, s *goquery.Selection) {
			a, ok := s.Attr("href")
			if !ok {
				a, _ = s.Attr("src")
			}
			n, _ := ts.CompressedSize(t, a)
			total += n
		})
		if total > webtest.PageBudget {
			t.Errorf("%s weighs %d bytes compressed with its CSS and JS, over the %d budget", path, total, webtest.PageBudget)
		}
		t.Logf("%s: %d bytes", path, total)
	}
}

func TestAlaskaPlayAPI(t *testing.T) {
	ts := webtest.New(t, server.NewApp)
	var moves []string
	for _, m := range alaskatest.Script {
		s, _ := alaskaweb.ParseAlaskaMove(m.Move)
		moves = append(moves, string(alaska.StepJSON(s)))
	}
	status, out := ts.PostJSON("/api/v1/games/alaska/play", `{"players":["Ana","Ben"],"first":"Ana","draw_pile":9,"steps":[`+strings.Join(moves, ",")+`]}`)
	if status != http.StatusOK || out["valid"] != true || out["result"] == nil {
		t.Fatalf("whole game: %d %v", status, out)
	}
	status, out = ts.PostJSON("/api/v1/games/alaska/play", `{"players":["Ana","Ben"],"steps":[{"do":"end"}]}`)
	errs, _ := out["errors"].([]any)
	if status != http.StatusOK || out["valid"] != false || len(errs) != 1 || errs[0].(map[string]any)["code"] != "keep_too_many" {
		t.Fatalf("refused step: %d %v", status, out)
	}
	if status, out = ts.PostJSON("/api/v1/games/alaska/play", `{"players":["Ana","Ben"],"steps":[{"do":"swim"}]}`); status != http.StatusBadRequest {
		t.Fatalf("unreadable step: %d %v", status, out)
	}
}

// TestPlayAlongAlaskaWithDice: with the Cambio dice variation a cast into
// a section holding an angler and a salmon offers its casts once per
// verdict of the die; the salmon rune catches the salmon.
func TestPlayAlongAlaskaWithDice(t *testing.T) {
	ts := webtest.New(t, server.NewApp, func(a *server.App) { a.SetWriteRate(0) })
	table := ts.CreateGameTable(alaska.Slug, "Ana", "Ben")
	f := ts.Get(table+"/play").FormOf(t, table+"/play/start")
	f.Set("first", "Ana")
	f.Set("dice", "on")
	if p := ts.Post(table+"/play/start", f); p.Status != http.StatusSeeOther {
		t.Fatalf("start: %d %s", p.Status, p.Text(".field-error"))
	}
	for _, m := range []alaskatest.Move{{Query: "?at=4", Move: "salmon:4"}, {Query: "?sec=5", Move: "angler:tourist:5"}} {
		if p := alaskatest.Tap(t, ts, table, m); p.Status != http.StatusSeeOther {
			t.Fatalf("%s: %d", m.Move, p.Status)
		}
	}
	panel := ts.Get(table + "/play?sec=5")
	if panel.Doc.Find(`button[value="cast:5"]`).Length() != 0 || panel.Doc.Find(`button[value="cast:5:angler"]`).Length() != 1 {
		t.Fatalf("the die must decide a cast into 5:\n%s", panel.Text(`[data-testid="section-panel"]`))
	}
	if p := alaskatest.Tap(t, ts, table, alaskatest.Move{Query: "?sec=5", Move: "cast:5:salmon"}); p.Status != http.StatusSeeOther {
		t.Fatalf("cast with the salmon rolled: %d %s", p.Status, p.Body)
	}
	play := ts.Get(table + "/play")
	if got := play.Text(`[data-player="Ana"] [data-testid="salmon-count"]`); got != "1" {
		t.Errorf("Ana caught %q salmon", got)
	}
	if l, _ := play.Doc.Find(`[data-testid="section-5"]`).Attr("aria-label"); !strings.Contains(l, "tourist placed by Ana") {
		t.Errorf("the tourist stays: %q", l)
	}
}

// Rulings ALA-2 and ALA-3 on the play pages. The setup asks which reading
// of ALA-2 the table plays; the river marks a section a salmon shares with
// an angler and says what happens to it; a cast that names no section can
// be played from the open-water panel (single cards 0, 11–13, any two).
func TestPlayAlongAlaskaRulings(t *testing.T) {
	ts := webtest.New(t, server.NewApp, func(a *server.App) { a.SetWriteRate(0) })
	for _, c := range []struct {
		catch    string
		beside   bool   // the salmon still lies beside the local after the flow
		flowText string // what the flow tells
	}{
		{"swim_past", true, "The salmon on 3–4 lies beside the local in section 4; the flow that carries it off section 4 gives it to the local."},
		{"on_contact", false, "The local on 4 catches the salmon on 4–5 (to the discard pile) and stays."},
	} {
		t.Run(c.catch, func(t *testing.T) {
			table := ts.CreateGameTable(alaska.Slug, "Ana", "Ben")
			setup := ts.Get(table + "/play")
			if setup.Doc.Find(`input[name="angler_catch"][value="swim_past"][checked]`).Length() != 1 || setup.Doc.Find(`input[name="angler_catch"][value="on_contact"]`).Length() != 1 {
				t.Fatalf("setup does not offer ALA-2's readings, swim past first:\n%s", setup.Text(`[data-testid="angler-catch"]`))
			}
			f := setup.FormOf(t, table+"/play/start")
			f.Set("first", "Ana")
			f.Set("draw_pile", "20")
			f.Set("angler_catch", c.catch)
			if p := ts.Post(table+"/play/start", f); p.Status != http.StatusSeeOther {
				t.Fatalf("start: %d %s", p.Status, p.Text(".field-error"))
			}
			for _, m := range []alaskatest.Move{{Query: "?sec=4", Move: "angler:local:4"}, {Query: "?sec=1", Move: "cast:1"}, {Query: "?sec=2", Move: "cast:2"}, {Query: "", Move: "end"}, {Query: "?at=4", Move: "salmon:4"}} {
				if p := alaskatest.Tap(t, ts, table, m); p.Status != http.StatusSeeOther {
					t.Fatalf("%s: %d", m.Move, p.Status)
				}
			}
			// Ben's salmon lies on 4–5, beside the local on 4.
			play := ts.Get(table + "/play")
			sec := play.Doc.Find(`[data-testid="section-4"]`)
			label, _ := sec.Attr("aria-label")
			if sec.Find(`path[data-shared="true"]`).Length() != 1 || play.Doc.Find(`[data-testid="shared-hint"]`).Length() != 1 {
				t.Errorf("section 4 is not marked as shared: %q", label)
			}
			want := "the salmon lies beside the angler until a flow carries it off this section (rule ALA-2)"
			if c.catch == "on_contact" {
				want = "the next flow gives the salmon to the angler"
			}
			if !strings.Contains(label, want) {
				t.Errorf("section 4 is named %q, want %q", label, want)
			}
			if c.catch == "swim_past" && !strings.Contains(play.Text(`[data-testid="events"]`), "It lies beside the local in section 4") {
				t.Errorf("placing is told as %q", play.Text(`[data-testid="events"]`))
			}
			if p := alaskatest.Tap(t, ts, table, alaskatest.Move{Query: "", Move: "flow"}); p.Status != http.StatusSeeOther {
				t.Fatalf("flow: %d", p.Status)
			}
			play = ts.Get(table + "/play")
			if !strings.Contains(play.Text(`[data-testid="events"]`), c.flowText) {
				t.Errorf("the flow is told as %q", play.Text(`[data-testid="events"]`))
			}
			if shared := play.Doc.Find(`[data-testid="section-4"] path[data-shared="true"]`).Length() == 1; shared != c.beside {
				t.Errorf("after the flow section 4 shared = %v, want %v", shared, c.beside)
			}

			// Ruling ALA-3: Ben (2 cards) may cast into open water.
			open := play.Doc.Find(`[data-testid="open-water"]`)
			for _, id := range []string{"open-0", "open-11", "open-12", "open-13", "open-pair", "pair-a", "pair-b"} {
				if open.Find(`[data-testid="`+id+`"]`).Length() != 1 {
					t.Errorf("the open-water panel lacks %s", id)
				}
			}
			pair := play.Doc.Find(`form[action="` + table + `/play/step"]`).Last()
			if pair.Find(`[data-testid="open-pair"]`).Length() != 1 {
				t.Fatalf("the pair form is not the page's last step form")
			}
			pf := play.FormOf(t, table+"/play/step")
			pf.Set("move", "cast:pair")
			pf.Set("pair_a", "12")
			pf.Set("pair_b", "13")
			if p := ts.Post(table+"/play/step", pf); p.Status != http.StatusSeeOther {
				t.Fatalf("cast 12 + 13: %d %s", p.Status, p.Text(".flash"))
			}
			play = ts.Get(table + "/play")
			if txt := play.Text(`[data-testid="events"]`); !strings.Contains(txt, "Ben casts 12 + 13. The cast of 25 lands in open water") {
				t.Errorf("open water is told as %q", txt)
			}
			if got := play.Text(`[data-player="Ben"] .small`); got != "0 cards in hand" {
				t.Errorf("Ben holds %q", got)
			}
			// With no card left, no cast is offered.
			if play.Doc.Find(`[data-testid="open-water"]`).Length() != 0 {
				t.Error("open water offered with an empty hand")
			}
			// German: the hint and the told cast.
			de := ts.GetLang(table+"/play", "de")
			if txt := de.Text(`[data-testid="events"]`); !strings.Contains(txt, "Ben wirft 12 + 13. Der Wurf von 25 landet im offenen Wasser") {
				t.Errorf("German open water: %q", txt)
			}
		})
	}
	// A setup value that is not a reading names its field.
	table := ts.CreateGameTable(alaska.Slug, "Ana", "Ben")
	f := ts.Get(table+"/play").FormOf(t, table+"/play/start")
	f.Set("angler_catch", "never")
	if p := ts.Post(table+"/play/start", f); p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Text(".field-error"), "how anglers catch") {
		t.Errorf("bad reading: %d %q", p.Status, p.Text(".field-error"))
	}
}
