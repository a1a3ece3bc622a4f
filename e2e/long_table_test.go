//go:build e2e

package e2e

import (
	"bytes"
	"fmt"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// importLong uploads the export of a Koffer, Katze & Sombrero table of n
// events to the server and returns the new table's path.
func importLong(t *testing.T, base string, n int) string {
	t.Helper()
	var f strings.Builder
	f.WriteString(`{"format":"tablemate-table","version":1,"name":"A very long evening","game":"koffer-katze-sombrero","events":[` +
		`{"seq":1,"kind":"table_created","payload":{"game":"koffer-katze-sombrero","name":"A very long evening","players":["Amelia","Victor","Enrique"]}}`)
	for seq := 2; seq <= n; seq++ {
		fmt.Fprintf(&f, `,{"seq":%d,"kind":"game_recorded","payload":{"state":{"players":[`+
			`{"name":"Amelia","tokens":0,"display":{"red":"1 2 3 4 5 6 7 8 9 10","blue":"1 2"}},`+
			`{"name":"Victor","tokens":0,"display":{"yellow":"1 2 3 4 5 6 7 8 9 10","blue":"3 4"}},`+
			`{"name":"Enrique","tokens":0,"display":{"black":"1 2 3 4 5 6 7 8 9 10","blue":"5 6"}}]}}}`, seq)
	}
	f.WriteString("]}")
	return postImport(t, base, f.String())
}

// postImport uploads an exported table to the server's import form and
// returns the new table's path.
func postImport(t *testing.T, base, data string) string {
	t.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	fw, _ := w.CreateFormFile("file", "table.json")
	fw.Write([]byte(data))
	w.Close()
	req, _ := http.NewRequest(http.MethodPost, base+"/tables/import", &body)
	req.Header.Set("Content-Type", w.FormDataContentType())
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther {
		var b bytes.Buffer
		b.ReadFrom(resp.Body)
		t.Fatalf("import: %d\n%.2000s", resp.StatusCode, b.String())
	}
	return resp.Header.Get("Location")
}

// A long table on a 360px phone, in English and German: the newest games
// and history entries, links to the rest that are full-size buttons, and
// nothing wider than the screen.
func TestLongTableOnASmallPhone(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	table := importLong(t, base, 1200)
	ctx := phone(t)
	run(t, ctx, "a 360px screen", chromedp.EmulateViewport(360, 740, chromedp.EmulateMobile, chromedp.EmulateScale(2)))
	for _, pass := range []struct{ lang, earlier, older string }{{"en", "Earlier games", "Older entries"}, {"de", "Frühere Partien", "Ältere Einträge"}} {
		var games, entries int
		var fits bool
		var heights []float64
		var earlier, older string
		run(t, ctx, "open the table in "+pass.lang,
			chromedp.Navigate(base+"/lang?to="+pass.lang+"&back="+table),
			chromedp.WaitVisible(`[data-testid="games-pager"]`, chromedp.ByQuery),
			chromedp.Evaluate(`document.querySelector('#history').open = true`, nil),
			chromedp.Evaluate(`document.querySelectorAll('[data-testid="games"] tbody tr').length`, &games),
			chromedp.Evaluate(`document.querySelectorAll('[data-testid="log"] li').length`, &entries),
			chromedp.Evaluate(`document.documentElement.scrollWidth <= window.innerWidth`, &fits),
			chromedp.Evaluate(`[...document.querySelectorAll('.pager a')].map(a => a.getBoundingClientRect().height)`, &heights),
			chromedp.Text(`[data-testid="games-pager"] [data-testid="older"]`, &earlier, chromedp.ByQuery),
			chromedp.Text(`[data-testid="log-pager"] [data-testid="older"]`, &older, chromedp.ByQuery),
		)
		snapshot(t, ctx, "long-table-"+pass.lang)
		if games != 20 || entries != 50 {
			t.Errorf("%s: %d games and %d entries shown, want the newest 20 and 50", pass.lang, games, entries)
		}
		if !fits {
			var wide []string
			chromedp.Run(ctx, chromedp.Evaluate(`[...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > window.innerWidth + 1).slice(0, 8).map(e => e.tagName + '.' + e.className + '#' + e.id + ' ' + Math.round(e.getBoundingClientRect().right))`, &wide))
			t.Errorf("%s: the page scrolls sideways at 360px: %v", pass.lang, wide)
		}
		if len(heights) != 2 {
			t.Errorf("%s: %d pager links, want 2", pass.lang, len(heights))
		}
		for _, h := range heights {
			if h < 44 {
				t.Errorf("%s: a pager link is %.0fpx high, want at least 44", pass.lang, h)
			}
		}
		if earlier != pass.earlier || older != pass.older {
			t.Errorf("%s: pager links %q and %q", pass.lang, earlier, older)
		}
	}
	var first string
	run(t, ctx, "page back to earlier games",
		tap(`[data-testid="games-pager"] [data-testid="older"]`),
		chromedp.WaitVisible(`[data-testid="games-pager"] [data-testid="newer"]`, chromedp.ByQuery),
		chromedp.Text(`[data-testid="games"] tbody tr th`, &first, chromedp.ByQuery),
	)
	if first != "Partie 1.160" {
		t.Errorf("the earlier games start at %q, want Partie 1.160", first)
	}
}
