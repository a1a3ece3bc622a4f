//go:build e2e

package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"tablemate/scoring/cambio"
)

// walkGame is one game of the walk: a finished game (or its first round)
// as the log records it, and the setup of a game played along.
type walkGame struct {
	slug    string
	players []string
	kind    string // "game_recorded" or "round_recorded"
	payload string // the event's payload
	setup   string // play_started's setup
}

var walkGames = []walkGame{
	{"koffer-katze-sombrero", []string{"Ana", "Ben", "Cy"}, "game_recorded",
		`{"state":{"players":[{"name":"Ana","tokens":3,"display":{"red":"1 5 7","yellow":"6 10 x","black":"4 6 x 5","blue":"4 9"}},` +
			`{"name":"Ben","tokens":7,"display":{"red":"2 3","blue":"8"}},{"name":"Cy","tokens":1,"display":{"yellow":"1 2"}}]}}`,
		`{"row":["red 10","black 2","red 1","blue 4","yellow 6","red 5","black 9"]}`},
	{"auf-der-hut", []string{"Ana", "Ben", "Cy"}, "game_recorded",
		`{"state":{"players":[{"name":"Ana","characters":4,"wonderhats":1,"bald_heads":2},{"name":"Ben","characters":6,"bald_heads":1},{"name":"Cy","characters":4,"wonderhats":1,"bald_heads":3}]}}`,
		`{"display":[1,2,3,4,5,6,7]}`},
	{"kociaki-lobuziaki", []string{"Ana", "Ben", "Cy"}, "game_recorded",
		`{"state":{"players":[{"name":"Ana","chips":{"1":[2,3],"7":[4]}},{"name":"Ben","chips":{"2":[3]}},{"name":"Cy","chips":{"3":[2]}}]}}`,
		`{"start_tile":"yellow"}`},
	{"cambio", []string{"Ana", "Ben", "Cy"}, "round_recorded",
		`{"game":1,"round":{"players":[{"name":"Ana","cards":["7","red-king"],"cambio":true},{"name":"Ben","cards":["3","swap"]},{"name":"Cy","cards":[]}]}}`,
		`{"dealer":0,"options":{}}`},
	{"kodiak", []string{"Ana", "Ben", "Cy"}, "round_recorded",
		`{"game":1,"round":{"players":[{"name":"Ana","kodiak":true,"cards":["red-king"],"pounces":1},{"name":"Ben","cards":[]},{"name":"Cy","cards":["blue-king"],"hairballs_kept":1}]}}`,
		`{"kodiak":0,"options":{}}`},
	{"alaska", []string{"Ana", "Ben", "Cy"}, "game_recorded",
		`{"state":{"players":[{"name":"Ana","salmon":5},{"name":"Ben","salmon":3},{"name":"Cy","salmon":5}]}}`,
		`{"first":"Ana","draw_pile":9}`},
	{"rune-market", []string{"Ana", "Ben", "Cy"}, "game_recorded",
		`{"state":{"players":[{"name":"Ana","shelters":[{"colour":"red","runes":3,"boat_shelter":true}],"runes":{"red":2}},{"name":"Ben","runes":{"blue":4}},{"name":"Cy"}]}}`,
		`{"market":{"red":12,"blue":12,"boat_shelters":4,"bandits":4},"first":"Ana"}`},
}

// importEvents uploads an exported table of the given events (after its
// table_created) and returns the new table's path.
func importEvents(t *testing.T, base string, g walkGame, events ...string) string {
	t.Helper()
	names, _ := json.Marshal(g.players)
	var f strings.Builder
	fmt.Fprintf(&f, `{"format":"tablemate-table","version":1,"name":"Freitagabend mit Freunden","game":%q,"events":[`+
		`{"seq":1,"kind":"table_created","payload":{"game":%q,"name":"Freitagabend mit Freunden","players":%s}}`, g.slug, g.slug, names)
	for i, e := range events {
		fmt.Fprintf(&f, `,{"seq":%d,%s}`, i+2, e)
	}
	f.WriteString("]}")
	return postImport(t, base, f.String())
}

// finishedCambio is testdata/three-rounds-to-50.json as the events of a
// table that entered it round by round.
func finishedCambio(t *testing.T) []string {
	t.Helper()
	body, err := os.ReadFile("../scoring/cambio/testdata/three-rounds-to-50.json")
	if err != nil {
		t.Fatal(err)
	}
	game, err := cambio.Decode(body)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for j := range game.Players[0].Rounds {
		type player struct {
			Name   string        `json:"name"`
			Cards  []cambio.Card `json:"cards"`
			Cambio bool          `json:"cambio,omitempty"`
		}
		var ps []player
		for _, p := range game.Players {
			r := p.Rounds[j]
			ps = append(ps, player{p.Name, r.Cards, r.Cambio})
		}
		b, _ := json.Marshal(map[string]any{"game": 1, "round": map[string]any{"players": ps}})
		out = append(out, fmt.Sprintf(`"kind":"round_recorded","payload":%s`, b))
	}
	return out
}

// fitProblem is what fitsScript finds wrong with the page now open.
type fitProblem struct {
	ScrollWidth int      `json:"scrollWidth"`
	InnerWidth  int      `json:"innerWidth"`
	ClientWidth int      `json:"clientWidth"`
	Small       []string `json:"small"`
	Wide        []string `json:"wide"`
}

// fitsScript measures the page: the document's width against the
// screen's, and every visible link, button, summary and submit input
// under 44 px tall (elements taken out of view, such as the skip link
// until it has focus, are not visible).
const fitsScript = `((screenWidth) => {
  const d = document.documentElement;
  const out = {scrollWidth: d.scrollWidth, innerWidth: window.innerWidth, clientWidth: d.clientWidth, small: [], wide: []};
  const W = Math.min(window.innerWidth, screenWidth);
  const name = el => {
    let s = el.tagName.toLowerCase();
    if (el.id) s += "#" + el.id;
    if (el.dataset.testid) s += "[data-testid=" + el.dataset.testid + "]";
    const txt = (el.textContent || el.value || "").trim().replace(/\s+/g, " ").slice(0, 40);
    return s + " \"" + txt + "\"";
  };
  for (const el of document.querySelectorAll("a[href], button, summary, input[type=submit]")) {
    const r = el.getBoundingClientRect();
    const cs = getComputedStyle(el);
    if (r.width <= 1 || r.height <= 1 || cs.visibility === "hidden" || el.closest("[hidden]")) continue;
    if (r.right < 0 || r.bottom < 0 && r.bottom + window.scrollY < 0) continue;
    if (r.height < 43.5) out.small.push(name(el) + " " + Math.round(r.height) + "px");
  }
  for (const el of document.querySelectorAll("body *")) {
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.right > W + 0.5 && getComputedStyle(el).position !== "fixed") {
      let clipped = false;
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const o = getComputedStyle(p).overflowX;
        if (o === "auto" || o === "scroll" || o === "hidden" || o === "clip") { clipped = true; break; }
      }
      if (!clipped) out.wide.push(name(el) + " right " + Math.round(r.right));
    }
  }
  out.wide = out.wide.slice(0, 8);
  return out;
})`

// checkFits fails the test when the page now open scrolls sideways or has
// a tap target under 44 px.
// A phone's browser widens the window (innerWidth) to a page that is
// wider than the screen, so the page is measured against the screen too.
func checkFits(t *testing.T, name string, screen int, p fitProblem) {
	t.Helper()
	if p.ScrollWidth > p.InnerWidth || p.InnerWidth > screen || p.ScrollWidth > screen || len(p.Wide) > 0 {
		t.Errorf("%s: scrolls sideways: scrollWidth %d, innerWidth %d, screen %d; wide: %s", name, p.ScrollWidth, p.InnerWidth, screen, strings.Join(p.Wide, "; "))
	}
	if len(p.Small) > 0 {
		t.Errorf("%s: tap targets under 44 px: %s", name, strings.Join(p.Small, "; "))
	}
}

// TestEveryPageFitsAPhone walks every page (home, new table, each game's
// table, entry, result, play setup and play in progress, check, history,
// league, import) at 360×740 and 390×844, in English and German, light
// and dark: nothing scrolls sideways (document scrollWidth ≤ innerWidth)
// and every visible link, button, summary and submit is at least 44 px
// tall (issue #18, "Phones and languages").
func TestEveryPageFitsAPhone(t *testing.T) {
	base := startServer(t)
	pages := []string{"/", "/tables/new", "/tables/import", "/check", "/history", "/leagues/new"}
	var firstTable string
	for _, g := range walkGames {
		pages = append(pages, "/check/"+g.slug)
		done := importEvents(t, base, g, fmt.Sprintf(`"kind":%q,"payload":%s`, g.kind, g.payload))
		playing := importEvents(t, base, g, fmt.Sprintf(`"kind":"play_started","payload":{"setup":%s}`, g.setup))
		if firstTable == "" {
			firstTable = done
		}
		pages = append(pages, done, done+"/games/new", done+"/games/1", done+"/games/1/replay", done+"/play", playing, playing+"/play")
		if g.kind == "game_recorded" {
			pages = append(pages, done+"/games/1/edit")
		}
	}
	// A Cambio game played to its end: the table says so and links to the
	// breakdown.
	over := importEvents(t, base, walkGames[3], finishedCambio(t)...)
	pages = append(pages, over, over+"/games/1", over+"/games/new", over+"/games/1/rounds/2/edit")
	ctx := phone(t)
	var league string
	run(t, ctx, "a league with a table",
		chromedp.Navigate(base+"/leagues/new"),
		chromedp.WaitVisible(`#league-name`, chromedp.ByQuery),
		chromedp.SendKeys(`#league-name`, "Donnerstagsrunde", chromedp.ByQuery),
		chromedp.SendKeys(`#members`, "Ana\nBen\nCy", chromedp.ByQuery),
		tap(`[data-testid="create-league"]`),
		chromedp.WaitVisible(`[data-testid="no-league-games"]`, chromedp.ByQuery),
		chromedp.Location(&league),
	)
	var view string
	run(t, ctx, "the view-only link", chromedp.Navigate(base+firstTable), chromedp.Value(`[data-testid="view-link"]`, &view, chromedp.ByQuery))
	pages = append(pages, strings.TrimPrefix(league, base), strings.TrimPrefix(view, base), strings.TrimPrefix(view, base)+"/games/1")

	for _, size := range []struct{ w, h int64 }{{360, 740}, {390, 844}} {
		for _, pass := range []struct{ scheme, lang string }{{"light", "en"}, {"dark", "de"}, {"light", "de"}, {"dark", "en"}} {
			run(t, ctx, "screen and scheme",
				chromedp.EmulateViewport(size.w, size.h, chromedp.EmulateMobile, chromedp.EmulateScale(2)),
				emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: pass.scheme}}),
				chromedp.Navigate(base+"/lang?to="+pass.lang+"&back=/"), chromedp.WaitReady("main", chromedp.ByQuery))
			for _, p := range pages {
				var got fitProblem
				name := fmt.Sprintf("%s at %d×%d %s %s", p, size.w, size.h, pass.lang, pass.scheme)
				run(t, ctx, "open "+name, chromedp.Navigate(base+p), chromedp.WaitReady("main", chromedp.ByQuery),
					chromedp.Evaluate(fmt.Sprintf("%s(%d)", fitsScript, size.w), &got))
				checkFits(t, name, int(size.w), got)
			}
		}
	}
}
