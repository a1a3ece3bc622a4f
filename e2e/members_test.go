//go:build e2e

package e2e

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// fits is a check that is "" when the page does not scroll sideways and
// every visible element sel matches is at least 44 px tall (a thumb's tap
// target), else says which is not.
func fits(sel string) string {
	return `(() => {
	if (document.documentElement.scrollWidth > window.innerWidth) return "the page scrolls sideways: " + document.documentElement.scrollWidth;
	for (const el of document.querySelectorAll(` + strconv.Quote(sel) + `)) {
		const r = el.getBoundingClientRect();
		if (r.width > 0 && r.height < 44) return (el.textContent || el.outerHTML).trim() + " is " + r.height + " px tall";
	}
	return "";
})()`
}

// memberFits checks every link, button, select, summary and chip of the
// page's content.
var memberFits = fits("main a, main button, main select, main summary, main label:has(input)")

// A league on a phone: a table started from the admin page seats its
// members by tapping their chips (in the order tapped), counts for the
// league by itself, and a member's page opened from the public standings
// shows their record in English and in German, fitting a 390 px screen
// with 44 px targets.
func TestMemberPageOnAPhone(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	ctx := phone(t)
	var admin string
	run(t, ctx, "start a league",
		chromedp.Navigate(base+"/leagues/new"),
		chromedp.SendKeys(`#league-name`, "Salmon club", chromedp.ByQuery),
		chromedp.SendKeys(`#members`, "Amelia\nVictor\nEnrique Fernández-Villaverde", chromedp.ByQuery),
		tap(`[data-testid="create-league"]`),
		chromedp.WaitVisible(`[data-testid="no-league-games"]`, chromedp.ByQuery),
		chromedp.Location(&admin),
	)
	for _, game := range []struct{ salmon [3]string }{{[3]string{"3", "5", "1"}}, {[3]string{"2", "6", "4"}}} {
		var seats string
		run(t, ctx, "start a table for the league, tapping Victor, Amelia, Enrique",
			chromedp.Navigate(admin),
			tapToPage(`[data-testid="league-table"]`),
			chromedp.WaitVisible(`[data-testid="seat-chips"]`, chromedp.ByQuery),
			chromedp.SetValue(`#game`, "alaska", chromedp.ByQuery),
			tap(`input[name="seat"][value="Victor"]`),
			tap(`input[name="seat"][value="Amelia"]`),
			tap(`input[name="seat"][value="Enrique Fernández-Villaverde"]`),
			chromedp.Evaluate(`[0,1,2].map(i => document.getElementById("player-" + i).value).join("|")`, &seats),
		)
		if seats != "Victor|Amelia|Enrique Fernández-Villaverde" {
			t.Fatalf("seats after tapping: %q", seats)
		}
		var problem string
		run(t, ctx, "the seat chips fit", chromedp.Evaluate(memberFits, &problem))
		if problem != "" {
			t.Errorf("new table for the league: %s", problem)
		}
		run(t, ctx, "enter a game",
			tapToPage(`[data-testid="create-table"]`),
			tapToPage(`[data-testid="enter-game"]`),
			chromedp.SetValue(`input[name="players[0].salmon"]`, game.salmon[0], chromedp.ByQuery),
			chromedp.SetValue(`input[name="players[1].salmon"]`, game.salmon[1], chromedp.ByQuery),
			chromedp.SetValue(`input[name="players[2].salmon"]`, game.salmon[2], chromedp.ByQuery),
			tap(`[data-testid="submit-scores"]`),
			chromedp.WaitVisible(`[data-testid="verdict"][data-valid="true"]`, chromedp.ByQuery),
		)
	}
	var public string
	run(t, ctx, "open the public standings", chromedp.Navigate(admin),
		chromedp.AttributeValue(`[data-testid="open-standings"]`, "href", &public, nil, chromedp.ByQuery))
	for _, lang := range []struct{ code, favourite, rival string }{
		{"en", "Favourite game", "Rival"},
		{"de", "Lieblingsspiel", "Rivale"},
	} {
		var won, facts, people, problem, lost string
		run(t, ctx, "Amelia's page ("+lang.code+")",
			chromedp.Navigate(base+"/lang?to="+lang.code+"&back="+public),
			tap(`[data-testid="league-members"] a[href$="/members/Amelia"]`),
			chromedp.WaitVisible(`[data-testid="member-facts"]`, chromedp.ByQuery),
			chromedp.Text(`[data-testid="member-won"]`, &won, chromedp.ByQuery),
			chromedp.Text(`[data-testid="member-facts"]`, &facts, chromedp.ByQuery),
			chromedp.Text(`.member-people`, &people, chromedp.ByQuery),
			chromedp.Evaluate(memberFits, &problem),
			chromedp.Evaluate(`document.querySelectorAll('[data-testid="placings"] circle[data-won="true"]').length + "/" + document.querySelectorAll('[data-testid="placings"] circle').length`, &lost),
		)
		snapshot(t, ctx, "member-"+lang.code)
		if won != "2" || lost != "2/2" {
			t.Errorf("%s: Amelia won %q, chart %q; want 2 and 2 wins of 2", lang.code, won, lost)
		}
		if !strings.Contains(people, lang.favourite) || !strings.Contains(people, lang.rival) || !strings.Contains(people, "Enrique") {
			t.Errorf("%s: %q", lang.code, people)
		}
		if problem != "" {
			t.Errorf("%s member page: %s", lang.code, problem)
		}
		var url string
		run(t, ctx, "the long name's page ("+lang.code+")",
			tap(`[data-testid="member-h2h"] a[href*="Enrique"]`),
			chromedp.WaitVisible(`[data-testid="member-name"]`, chromedp.ByQuery),
			chromedp.Location(&url),
			chromedp.Evaluate(memberFits, &problem),
		)
		if !strings.Contains(url, public+"/members/") || problem != "" {
			t.Errorf("%s: %s: %s", lang.code, url, problem)
		}
	}
}

// shareStub stands in for the phone's share sheet: it records what it was
// given; canShare says yes to files when window.filesOK is set (before the
// page loads: sharecard.js asks at the tap).
const shareStub = `
	window.filesOK = sessionStorage.getItem("filesOK") === "1";
	navigator.share = function (data) {
		window.shared = { url: data.url, title: data.title, files: (data.files || []).map(f => f.type + " " + f.size) };
		return Promise.resolve();
	};
	navigator.canShare = function (data) { return !data.files || window.filesOK; };
`

// The view-only page's Share sends the result card with the link where
// the phone can share files, and the link alone where it cannot.
func TestShareSendsTheResultCard(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	ctx := phone(t)
	run(t, ctx, "stub the share sheet", chromedp.ActionFunc(func(ctx context.Context) error {
		_, err := page.AddScriptToEvaluateOnNewDocument(shareStub).Do(ctx)
		return err
	}))
	table := startKKSTable(t, ctx, base, []string{"Amelia", "Victor"}, []map[string]string{
		{"red": "1 2 3 4 5 6 7 8 9 10", "blue": "1 2 3 4 5 6 7"},
		{"yellow": "1 2 3 4 5 6 7 8 9 10", "black": "1 2 3 4 5 6 7"},
	}, []int{3, 1})
	var view string
	run(t, ctx, "the view-only link", chromedp.Navigate(table),
		chromedp.AttributeValue(`[data-testid="view-link"]`, "value", &view, nil, chromedp.ByQuery))
	for _, c := range []struct {
		filesOK string
		files   int
	}{{"1", 1}, {"0", 0}} {
		var shared struct {
			URL   string   `json:"url"`
			Files []string `json:"files"`
		}
		run(t, ctx, "share (files "+c.filesOK+")",
			chromedp.Evaluate(`sessionStorage.setItem("filesOK", "`+c.filesOK+`")`, nil),
			chromedp.Navigate(view),
			tap(`[data-testid="share-view"] > summary`),
			tap(`button[data-share-card]`),
		)
		waitTrue(t, ctx, "the share sheet opened", `!!window.shared`)
		run(t, ctx, "what was shared", chromedp.Evaluate(`window.shared`, &shared))
		if shared.URL != view || len(shared.Files) != c.files || c.files == 1 && !strings.HasPrefix(shared.Files[0], "image/png ") {
			t.Errorf("files allowed %s: shared %+v", c.filesOK, shared)
		}
	}
}
