//go:build e2e

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"tablemate/scoring/cambio"
	scoresheet "tablemate/scoring/sheet"
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
// table that entered it round by round, as the table's game number.
func finishedCambio(t *testing.T, number int) []string {
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
		b, _ := json.Marshal(map[string]any{"game": number, "round": map[string]any{"players": ps}})
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
// screen's, and every visible link, button, summary, submit input and
// label holding a radio button or a checkbox (a choice is tapped on its
// label) under 44 px tall (elements taken out of view, such as the skip
// link until it has focus, are not visible).
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
  for (const el of document.querySelectorAll("a[href], button, summary, input[type=submit], label:has(input[type=radio]), label:has(input[type=checkbox])")) {
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

// walkSheet is a table started for another game, whose score sheet
// keeps the scores as typed.
var walkSheet = walkGame{slug: scoresheet.Slug, players: []string{"Ana", "Ben", "Cy"}}

// sheetRound is a round of another game's sheet as the log records it:
// the table's game number, the game's name on its first round, and Ana's,
// Ben's and Cy's points.
func sheetRound(game int, name string, last bool, points ...int) string {
	r := scoresheet.Round{Name: name, Last: last}
	for i, p := range points {
		r.Scores = append(r.Scores, scoresheet.Entry{Name: walkSheet.players[i], Points: p})
	}
	b, _ := json.Marshal(map[string]any{"game": game, "round": r})
	return fmt.Sprintf(`"kind":"round_recorded","payload":%s`, b)
}

// eveningEvents are an evening of three games on one table: Koffer, Katze
// & Sombrero, then another game's sheet of two rounds named at length,
// then a Cambio game to 50 that Ben starts.
func eveningEvents(t *testing.T) []string {
	t.Helper()
	ev := []string{
		`"kind":"game_recorded","payload":` + walkGames[0].payload,
		`"kind":"game_chosen","payload":{"game":"another-game"}`,
		sheetRound(2, "Skyjo mit den Hausregeln von Oma", false, 12, -3, 8),
		sheetRound(2, "", true, 7, 10, 8),
		`"kind":"game_chosen","payload":{"game":"cambio","first":"Ben"}`,
	}
	return append(ev, finishedCambio(t, 3)...)
}

// queueConflict leaves an entry in the phone's outbox that the table
// moved on from: round 2 of the test data filled in on the round editor
// and kept as if sent offline at the move before the table's own, as a
// phone that lost its connection would. The next page with the outbox
// sends it, the server answers that the table moved on, and the table
// page shows the conflict (the same screen outbox_test reaches by
// taking the phone offline).
func queueConflict(t *testing.T, ctx context.Context, table string) {
	t.Helper()
	var ok bool
	run(t, ctx, "an entry made offline before the table moved on", append(fillRound(t, table, 1),
		chromedp.Evaluate(`(() => {
			const form = document.querySelector('form[method="post"][action$="/games"]');
			const fields = [];
			new FormData(form).forEach((v, k) => { if (typeof v === "string") fields.push([k, v]); });
			const get = k => (fields.find(f => f[0] === k) || [])[1] || "";
			const action = new URL(form.action, location.href).pathname;
			return TablemateOutbox.put({url: action, table: TablemateOutbox.tableOf(action), fields: fields,
				seen: String(+get("_seen") - 1), token: get("_token"), created: Date.now(), state: "waiting",
				heading: document.querySelector("main h1").textContent.trim(),
				summary: [...form.elements].filter(f => f.name && f.name.charAt(0) !== "_" && f.value !== "" && !["hidden", "submit", "button"].includes(f.type) &&
					(!["radio", "checkbox"].includes(f.type) || f.checked)).map(f => {
					const legend = f.closest("fieldset") && f.closest("fieldset").querySelector("legend");
					const label = f.labels && f.labels[0] ? f.labels[0].textContent.trim() : f.name;
					return [(legend ? legend.textContent.trim() + " · " : "") + label, f.value];
				}), after: false}).then(() => true);
		})()`, &ok, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }),
		chromedp.Navigate(table),
		chromedp.WaitVisible(`[data-testid="outbox-conflict"]`, chromedp.ByQuery),
	)...)
}

// playsFile writes BoardGameGeek play XML for the league's import: two
// plays of Alaska that become a new table (their ids and day made unique
// by n, so every upload imports them afresh), a play of a game that is
// not one of the seven with a long title, and two plays left out with
// their reasons: one unfinished, one with a score that is not a number.
func playsFile(t *testing.T, n int) string {
	t.Helper()
	play := func(id int, game, extra, scores string) string {
		return fmt.Sprintf(`<play id="%d" date="2026-02-%02d" quantity="1" length="45" incomplete="%s" nowinstats="0" location="Bei Enrique">`+
			`<item name="%s" objecttype="thing" objectid="0"><subtypes><subtype value="boardgame"/></subtypes></item><players>%s</players></play>`,
			9000+10*n+id, n+1, extra, game, scores)
	}
	players := func(scores ...string) string {
		var b strings.Builder
		for i, name := range []string{"Ana", "Ben", "Enrique Fernández-Villaverde"} {
			win := 0
			if i == 0 {
				win = 1
			}
			fmt.Fprintf(&b, `<player username="" userid="0" name="%s" startposition="" color="" score="%s" new="0" rating="0" win="%d"/>`, name, scores[i], win)
		}
		return b.String()
	}
	xml := `<?xml version="1.0" encoding="utf-8"?><plays username="walk" userid="1" total="5" page="1">` +
		play(1, "Alaska", "0", players("7", "5", "2")) +
		play(2, "Alaska", "0", players("6", "3", "4")) +
		play(3, "Die Siedler von Catan: Städte und Ritter", "0", players("10", "8", "7")) +
		play(4, "Alaska", "1", players("3", "2", "1")) +
		play(5, "Alaska", "0", players("viele", "2", "1")) +
		`</plays>`
	file := filepath.Join(t.TempDir(), fmt.Sprintf("plays-%d.xml", n))
	if err := os.WriteFile(file, []byte(xml), 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

// importPlays uploads play file n on the league's import page and waits
// for the report of what became of each play, the plays left out
// listed. Where the page first shows what the file would make, to be
// confirmed, that preview is measured too; measure (nil: nothing is
// measured) is told "preview" and "report".
func importPlays(t *testing.T, ctx context.Context, n int, admin string, measure func(stage string)) {
	t.Helper()
	var preview bool
	run(t, ctx, fmt.Sprintf("upload play file %d", n),
		chromedp.Navigate(admin+"/plays"),
		chromedp.WaitVisible(`#plays-file`, chromedp.ByQuery),
		chromedp.SetUploadFiles(`#plays-file`, []string{playsFile(t, n)}, chromedp.ByQuery),
		tap(`[data-testid="import-plays"]`),
		chromedp.WaitVisible(`[data-testid="import-confirm"], [data-testid="plays-imported"]`, chromedp.ByQuery),
		chromedp.Evaluate(`!!document.querySelector('[data-testid="import-confirm"]')`, &preview),
	)
	if preview {
		if measure != nil {
			measure("preview")
		}
		run(t, ctx, "import the plays previewed", tap(`[data-testid="import-confirm"]`),
			chromedp.WaitVisible(`[data-testid="plays-imported"]`, chromedp.ByQuery))
	}
	run(t, ctx, "the plays left out", chromedp.WaitVisible(`[data-testid="plays-skipped"] [data-testid="plays-skip"]`, chromedp.ByQuery))
	if measure != nil {
		measure("report")
	}
}

// walkPart is one kind of page of the walk: the pages, what each must
// show before it is measured, and what the part's phone does first.
type walkPart struct {
	name    string
	pages   []string
	waitFor map[string]string // what a page must show before it is measured
	// prepare runs on the part's phone before the walk (nil: nothing)
	// and may add pages.
	prepare func(t *testing.T, ctx context.Context, p *walkPart)
	// afterPass runs after each pass over the pages, one for each
	// language (nil: nothing). measure measures the page now open as
	// name, at each screen size and scheme, and keeps a snapshot of it
	// as snap (see snapshot).
	afterPass func(t *testing.T, ctx context.Context, pass int, measure func(name, snap string))
}

// TestWalkEveryPageFitsAPhone walks every page (home, new table, each
// game's table, entry, result, play setup and play in progress, check,
// history, league, import; the evening's next-game page, its ranking and
// each finished game's ranking, another game's round editor and a table
// whose history holds its sheet; a league member's page, public and
// admin, and the league's import of plays before and after an upload
// with plays left out; the offline entry's conflict on the table page)
// at 360×740 and 390×844, in English and German, light and dark (each
// page loaded once per language, the screen and scheme changed on it):
// nothing
// scrolls sideways (document scrollWidth ≤ innerWidth) and every visible
// link, button, summary and submit is at least 44 px tall (issue #18,
// "Phones and languages"; the evening's pages of #19).
//
// The pages are walked in parts by kind (the forms, each game's tables,
// the evening, another game's sheet, the conflict, the league, the
// view-only links and the history), side by side, each on a phone of
// its own, on one server.
func TestWalkEveryPageFitsAPhone(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	forms := &walkPart{name: "forms", pages: []string{"/", "/tables/new", "/tables/import", "/check", "/leagues/new"}}
	parts := []*walkPart{forms}
	var tables []string // every table the walk made, for the history
	var firstTable string
	for _, g := range walkGames {
		forms.pages = append(forms.pages, "/check/"+g.slug)
		done := importEvents(t, base, g, fmt.Sprintf(`"kind":%q,"payload":%s`, g.kind, g.payload))
		playing := importEvents(t, base, g, fmt.Sprintf(`"kind":"play_started","payload":{"setup":%s}`, g.setup))
		if firstTable == "" {
			firstTable = done
		}
		tables = append(tables, done, playing)
		game := &walkPart{name: g.slug, pages: []string{done, done + "/games/new", done + "/games/1", done + "/games/1/replay", done + "/play", playing, playing + "/play"}}
		if g.kind == "game_recorded" {
			game.pages = append(game.pages, done+"/games/1/edit")
		}
		if g.slug == walkGames[3].slug {
			// A Cambio game played to its end: the table says so and links
			// to the breakdown.
			over := importEvents(t, base, walkGames[3], finishedCambio(t, 1)...)
			tables = append(tables, over)
			game.pages = append(game.pages, over, over+"/games/1", over+"/games/new", over+"/games/1/rounds/2/edit")
		}
		parts = append(parts, game)
	}

	// An evening of three games on one table: the table (its standing and
	// its history, which holds the sheet game), the next game, the end of
	// the evening, each game's ranking (the last one opens on it, with
	// what comes next), the sheet's replay and the next game's entry.
	evening := importEvents(t, base, walkGames[0], eveningEvents(t)...)
	tables = append(tables, evening)
	parts = append(parts, &walkPart{name: "evening",
		pages: []string{evening, evening + "/next", evening + "/evening", evening + "/games/1", evening + "/games/2", evening + "/games/3",
			evening + "/games/2/replay", evening + "/games/new"},
		waitFor: map[string]string{
			evening:              `[data-testid="standings"]`,
			evening + "/next":    `[data-testid="next-game-form"]`,
			evening + "/evening": `[data-testid="ranking"]`,
			evening + "/games/1": `[data-testid="ranking"]`,
			evening + "/games/2": `[data-testid="ranking"]`,
			evening + "/games/3": `[data-testid="play-again"]`,
		}})

	// Another game's round editor: a game's first round (its name, with
	// the names this phone used before as chips, who wins, how scores are
	// entered), and its second with the totals so far.
	sheetNew := importEvents(t, base, walkSheet)
	sheetGoing := importEvents(t, base, walkSheet, sheetRound(1, "Wizard", false, 40, -10, 20))
	tables = append(tables, sheetNew, sheetGoing)
	parts = append(parts, &walkPart{name: "sheet",
		pages: []string{sheetNew, sheetNew + "/games/new", sheetGoing, sheetGoing + "/games/new", sheetGoing + "/games/1"},
		waitFor: map[string]string{
			sheetNew + "/games/new":   `[data-sheet-names] button`,
			sheetGoing + "/games/new": `[data-testid="end-game"]`,
		},
		prepare: func(t *testing.T, ctx context.Context, _ *walkPart) {
			run(t, ctx, "names this phone gave another game's sheet before",
				chromedp.Navigate(base+"/"),
				chromedp.Evaluate(`localStorage.setItem("tablemate.sheetNames", JSON.stringify(["Skyjo", "Wizard", "Skyjo mit den Hausregeln von Oma", "Doppelkopf"])), true`, nil))
		}})

	// The offline entry's conflict, on its table's page.
	conflict := importEvents(t, base, walkGames[3], fmt.Sprintf(`"kind":"round_recorded","payload":%s`, walkGames[3].payload))
	tables = append(tables, conflict)
	parts = append(parts, &walkPart{name: "conflict", pages: []string{conflict},
		waitFor: map[string]string{conflict: `[data-testid="outbox-conflict"] [data-testid="outbox-discard"]`},
		prepare: func(t *testing.T, ctx context.Context, _ *walkPart) { queueConflict(t, ctx, base+conflict) }})

	// A league whose members have played: its pages, a member's page on
	// the public link and on the admin link, and its import of plays:
	// after each pass, the import's report (and its preview, where there
	// is one): the new table and every play left out, with its reason.
	var league string
	parts = append(parts, &walkPart{name: "league",
		prepare: func(t *testing.T, ctx context.Context, p *walkPart) {
			var public string
			run(t, ctx, "a league",
				chromedp.Navigate(base+"/leagues/new"),
				chromedp.WaitVisible(`#league-name`, chromedp.ByQuery),
				chromedp.SendKeys(`#league-name`, "Donnerstagsrunde", chromedp.ByQuery),
				chromedp.SendKeys(`#members`, "Ana\nBen\nCy\nEnrique Fernández-Villaverde", chromedp.ByQuery),
				tap(`[data-testid="create-league"]`),
				chromedp.WaitVisible(`[data-testid="no-league-games"]`, chromedp.ByQuery),
				chromedp.Location(&league),
			)
			importPlays(t, ctx, 0, league, nil)
			run(t, ctx, "the league's public link",
				chromedp.Navigate(league),
				chromedp.AttributeValue(`[data-testid="open-standings"]`, "href", &public, nil, chromedp.ByQuery),
			)
			league = strings.TrimPrefix(league, base)
			public = strings.TrimPrefix(public, base)
			long := "/members/" + url.PathEscape("Enrique Fernández-Villaverde")
			p.pages = append(p.pages, league, public, league+"/plays", public+"/members/Ana", public+long, league+"/members/Ana", league+long)
			p.waitFor = map[string]string{}
			for _, m := range []string{public + "/members/Ana", public + long, league + "/members/Ana", league + long} {
				p.waitFor[m] = `[data-testid="member-facts"]`
			}
		},
		afterPass: func(t *testing.T, ctx context.Context, pass int, measure func(string, string)) {
			importPlays(t, ctx, pass, base+league, func(stage string) { measure(league+"/plays, an upload's "+stage, "plays-"+stage) })
		}})

	// The view-only links, and the phone's history: it lists every table
	// the walk made, this part's phone having opened each.
	parts = append(parts, &walkPart{name: "views and history",
		prepare: func(t *testing.T, ctx context.Context, p *walkPart) {
			var view, eveningView string
			run(t, ctx, "the view-only links", chromedp.Navigate(base+firstTable), chromedp.Value(`[data-testid="view-link"]`, &view, chromedp.ByQuery))
			run(t, ctx, "the evening's view-only link", chromedp.Navigate(base+evening), chromedp.Value(`[data-testid="view-link"]`, &eveningView, chromedp.ByQuery))
			view, eveningView = strings.TrimPrefix(view, base), strings.TrimPrefix(eveningView, base)
			for _, tb := range tables {
				run(t, ctx, "open "+tb+" for the history", chromedp.Navigate(base+tb), chromedp.WaitReady("main", chromedp.ByQuery))
			}
			p.pages = append(p.pages, view, view+"/games/1", eveningView, eveningView+"/games/2", "/history")
		}})

	for _, p := range parts {
		t.Run(p.name, func(t *testing.T) {
			t.Parallel()
			ctx := phone(t)
			if p.prepare != nil {
				p.prepare(t, ctx, p)
			}
			walk(t, ctx, base, p)
		})
	}
}

// walk measures a part's pages at 360×740 and 390×844, in English and
// German, light and dark: eight ways. A page is opened once in each
// language (the server writes it in one) and measured at each screen
// size and colour scheme by changing them on the open page, as a phone
// turned on its side or switched to dark does: neither the server nor
// the scripts depend on them (the stylesheet's media queries do), so a
// reload for each (eight loads of every page instead of two) measured
// nothing more and took a quarter of the browser tests' time.
func walk(t *testing.T, ctx context.Context, base string, p *walkPart) {
	t.Helper()
	type way struct {
		w, h   int64
		scheme string
	}
	ways := []way{{360, 740, "light"}, {360, 740, "dark"}, {390, 844, "light"}, {390, 844, "dark"}}
	// each measures the page now open in every way, as name at …, and
	// keeps a snapshot of it at 360 px in German as snap (see snapshot;
	// "" keeps none).
	each := func(lang, name, snap string) {
		for _, w := range ways {
			at := fmt.Sprintf("at %d×%d %s %s", w.w, w.h, lang, w.scheme)
			var got fitProblem
			run(t, ctx, "measure "+name+" "+at,
				chromedp.EmulateViewport(w.w, w.h, chromedp.EmulateMobile, chromedp.EmulateScale(2)),
				emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: w.scheme}}),
				chromedp.Evaluate(fmt.Sprintf("%s(%d)", fitsScript, w.w), &got))
			checkFits(t, name+" "+at, int(w.w), got)
			if snap != "" && w.w == 360 && lang == "de" {
				snapshot(t, ctx, "walk-"+w.scheme+"-"+snap)
			}
		}
	}
	for pass, lang := range []string{"en", "de"} {
		run(t, ctx, "language "+lang, chromedp.Navigate(base+"/lang?to="+lang+"&back=/"), chromedp.WaitReady("main", chromedp.ByQuery))
		for _, page := range p.pages {
			acts := []chromedp.Action{chromedp.Navigate(base + page), chromedp.WaitReady("main", chromedp.ByQuery)}
			sel, ok := p.waitFor[page]
			if ok {
				acts = append(acts, chromedp.WaitVisible(sel, chromedp.ByQuery))
			}
			run(t, ctx, "open "+page+" in "+lang, acts...)
			snap := ""
			if ok {
				snap = strings.NewReplacer("/", "-", "%", "").Replace(strings.TrimPrefix(page, "/"))
			}
			each(lang, page, snap)
		}
		if p.afterPass != nil {
			p.afterPass(t, ctx, pass+1, func(name, snap string) { each(lang, name, snap) })
		}
	}
}
