//go:build e2e

package e2e

import (
	"context"
	_ "embed"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// axeSource is axe-core, vendored from npm by static/npm/vendor.sh. It is
// injected into pages by the test only; the app never serves it.
//
//go:embed testdata/axe.min.js
var axeSource string

// axeViolation is the part of an axe-core result the test reports.
type axeViolation struct {
	ID     string `json:"id"`
	Impact string `json:"impact"`
	Help   string `json:"help"`
	Nodes  []struct {
		Target []any `json:"target"`
	} `json:"nodes"`
}

// audit runs axe-core on the page now open and fails the test for every
// serious or critical violation (minor and moderate ones are logged).
func audit(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	var found []axeViolation
	// axe-core is put on the page once per load: a second audit of the
	// same page (in the other colour scheme) reuses it.
	var loaded bool
	run(t, ctx, "axe on "+name,
		chromedp.Evaluate(`typeof window.axe !== "undefined"`, &loaded),
		chromedp.ActionFunc(func(ctx context.Context) error {
			if loaded {
				return nil
			}
			return chromedp.Evaluate(axeSource, nil).Do(ctx)
		}),
		chromedp.Evaluate(`axe.run(document, {resultTypes: ["violations"]}).then(r => r.violations)`, &found,
			func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }),
	)
	for _, v := range found {
		var where []string
		for _, n := range v.Nodes {
			where = append(where, fmt.Sprint(n.Target...))
		}
		msg := fmt.Sprintf("%s: axe %s (%s): %s at %s", name, v.ID, v.Impact, v.Help, strings.Join(where, ", "))
		if v.Impact == "serious" || v.Impact == "critical" {
			t.Error(msg)
		} else {
			t.Log(msg)
		}
	}
}

// schemeBackground is the page's background in each colour scheme
// (static/css/app.css's --bg).
var schemeBackground = map[string]string{"light": "rgb(246, 244, 239)", "dark": "rgb(18, 17, 15)"}

// The main pages, in light and dark mode and in German on a phone, have
// no serious or critical accessibility violations by axe-core (contrast,
// names of controls and images, labels, landmarks, ARIA use).
func TestPagesPassAxeOnAPhone(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	ctx := phone(t)

	ana := map[string]string{"red": "1 5 7", "yellow": "6 10 x", "black": "4 6 x 5", "blue": "4 9"}
	ben := map[string]string{"red": "2 3", "blue": "8"}
	var table, league string
	run(t, ctx, "a table with a game", newTable(base, "Friday", "Ana", "Ben")...)
	run(t, ctx, "table url", chromedp.Location(&table))
	run(t, ctx, "game 1", append([]chromedp.Action{tap(`[data-testid="enter-game"]`), chromedp.WaitVisible(`[data-testid="submit-scores"]`, chromedp.ByQuery)},
		enterGame([]map[string]string{ana, ben}, []int{3, 7})...)...)
	run(t, ctx, "a league",
		chromedp.Navigate(base+"/leagues/new"),
		chromedp.WaitVisible(`#league-name`, chromedp.ByQuery),
		chromedp.SendKeys(`#league-name`, "Thursday club", chromedp.ByQuery),
		chromedp.SendKeys(`#members`, "Ana\nBen", chromedp.ByQuery),
		tap(`[data-testid="create-league"]`),
		chromedp.WaitVisible(`[data-testid="no-league-games"]`, chromedp.ByQuery),
		chromedp.Location(&league),
	)
	// A valid second game (KKS-3: 17 cards each), and the table counted
	// in the league, so member pages have a record and a chart.
	run(t, ctx, "game 2", append([]chromedp.Action{chromedp.Navigate(table), tap(`[data-testid="enter-game"]`), chromedp.WaitVisible(`[data-testid="submit-scores"]`, chromedp.ByQuery)},
		enterGame([]map[string]string{{"red": "1 2 3 4 5 6 7 8 9 10", "blue": "1 2 3 4 5 6 7"}, {"yellow": "1 2 3 4 5 6 7 8 9 10", "black": "1 2 3 4 5 6 7"}}, []int{3, 1})...)...)
	run(t, ctx, "count the table", chromedp.Navigate(league), tap(`button[name="pick"]`), chromedp.WaitVisible(`[data-testid="standings"]`, chromedp.ByQuery))
	var view, public string
	run(t, ctx, "the view-only and standings links",
		chromedp.Navigate(table), chromedp.Value(`[data-testid="view-link"]`, &view, chromedp.ByQuery),
		chromedp.Navigate(league), chromedp.AttributeValue(`[data-testid="open-standings"]`, "href", &public, nil, chromedp.ByQuery),
	)

	pages := []string{
		"/", "/tables/new", "/check", "/check/koffer-katze-sombrero", "/check/auf-der-hut",
		"/check/kociaki-lobuziaki", "/history", "/leagues/new",
		strings.TrimPrefix(table, base), strings.TrimPrefix(table, base) + "/games/1",
		strings.TrimPrefix(table, base) + "/games/new", strings.TrimPrefix(table, base) + "/games/1/replay",
		strings.TrimPrefix(table, base) + "/play", strings.TrimPrefix(league, base),
		strings.TrimPrefix(view, base), strings.TrimPrefix(view, base) + "/games/1", public,
		public + "/members/Ana", "/tables/new?league=" + strings.TrimPrefix(league, base+"/l/"),
	}
	// German names controls in longer words: it is audited too. Each
	// language runs beside the other, on a phone of its own that opens
	// the table first (so its history lists one). A page is loaded once
	// per language and audited in each of the language's colour schemes
	// by switching the scheme on the open page, as a phone switched to
	// dark does: neither the server nor the scripts depend on it (the
	// stylesheet's media queries do), so loading every page again for
	// dark mode audited nothing more (the same as the page walk).
	for _, pass := range []struct {
		lang    string
		schemes []string
	}{{"en", []string{"light", "dark"}}, {"de", []string{"light"}}} {
		t.Run(pass.lang, func(t *testing.T) {
			t.Parallel()
			ctx := phone(t)
			run(t, ctx, "open the table", chromedp.Navigate(table), chromedp.WaitReady("main", chromedp.ByQuery))
			run(t, ctx, "language "+pass.lang, chromedp.Navigate(base+"/lang?to="+pass.lang+"&back=/"), chromedp.WaitReady("main", chromedp.ByQuery))
			for _, p := range pages {
				var lang string
				run(t, ctx, "open "+p, emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: pass.schemes[0]}}),
					chromedp.Navigate(base+p), chromedp.WaitReady("main", chromedp.ByQuery),
					chromedp.AttributeValue("html", "lang", &lang, nil, chromedp.ByQuery))
				if lang != pass.lang {
					t.Errorf("%s: lang=%q, want %q", p, lang, pass.lang)
				}
				for _, scheme := range pass.schemes {
					// The page is in the scheme audited: its background is
					// that scheme's (static/css/app.css's --bg).
					var bg string
					run(t, ctx, scheme+" mode on "+p, emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}),
						chromedp.Evaluate(`getComputedStyle(document.body).backgroundColor`, &bg))
					if want := schemeBackground[scheme]; bg != want {
						t.Errorf("%s in %s mode: body background %q, want %q", p, scheme, bg, want)
					}
					audit(t, ctx, p+" ("+scheme+", "+pass.lang+")")
				}
			}
		})
	}
}
