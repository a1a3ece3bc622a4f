package server

import (
	"context"
	"net/url"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/PuerkitoBio/goquery"
	"golang.org/x/net/html"

	"tablemate/docs"
	"tablemate/views"
	"tablemate/views/i18n"
	"tablemate/web/webtest"
)

// readerText is what a reader of the page sees: its text and the
// attributes read out or shown (placeholder, aria-label, title, alt, the
// value of a button), without scripts and styles and without the small
// print behind "Why?" (details.why), where codes and rule ids belong.
func readerText(doc *goquery.Document) string {
	var b strings.Builder
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		switch n.Type {
		case html.TextNode:
			b.WriteString(n.Data)
			return
		case html.ElementNode:
			switch n.Data {
			case "script", "style", "template", "head":
				return
			case "details":
				for _, a := range n.Attr {
					if a.Key == "class" && strings.Contains(" "+a.Val+" ", " why ") {
						return
					}
				}
			}
			for _, a := range n.Attr {
				switch {
				case a.Key == "placeholder" || a.Key == "aria-label" || a.Key == "title" || a.Key == "alt" || strings.HasPrefix(a.Key, "data-msg-"):
					b.WriteString(" " + a.Val + " ")
				case a.Key == "value" && n.Data == "input" && inputShowsValue(n):
					b.WriteString(" " + a.Val + " ")
				}
			}
			b.WriteString(" ")
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
		if n.Type == html.ElementNode {
			b.WriteString(" ")
		}
	}
	for _, n := range doc.Nodes {
		walk(n)
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// sharedWords are English words German writes too.
var sharedWords = map[string]bool{"in": true, "an": true, "so": true, "am": true, "war": true, "also": true, "man": true, "Name": true, "Start": true}

// englishFragments are the words of the catalog's English keys that a
// German page never shows: each key's text between its format verbs,
// where it differs from the key's German, and unless it is a single word
// German uses too ("in", "Name").
func englishFragments() []string {
	verb := regexp.MustCompile(`%(?:\[\d+\])?[-+# 0]*\d*(?:\.\d+)?[a-zA-Z%]`)
	word := regexp.MustCompile(`\pL+`)
	ctx := i18n.With(context.Background(), i18n.German, "/")
	seen := map[string]bool{}
	var out []string
	for _, k := range i18n.Keys() {
		if strings.HasPrefix(k, "violation.") || strings.HasPrefix(k, "ruling.") {
			continue
		}
		de := i18n.Lookup(ctx, k, "")
		for _, f := range verb.Split(k, -1) {
			f = strings.TrimFunc(f, func(r rune) bool { return !unicode.IsLetter(r) })
			ws := word.FindAllString(f, -1)
			if len(ws) == 0 || strings.Contains(de, f) || (len(ws) == 1 && (len(ws[0]) < 2 || sharedWords[ws[0]])) || seen[f] {
				continue
			}
			seen[f] = true
			out = append(out, f)
		}
	}
	return out
}

// englishIn returns the fragments found in text as whole words.
func englishIn(text string, fragments []string) []string {
	words := map[string]bool{}
	for _, w := range regexp.MustCompile(`\pL+`).FindAllString(text, -1) {
		words[w] = true
	}
	var out []string
	for _, f := range fragments {
		first, _, _ := strings.Cut(f, " ")
		first = strings.TrimFunc(first, func(r rune) bool { return !unicode.IsLetter(r) })
		if !words[first] {
			continue
		}
		for i := 0; ; {
			j := strings.Index(text[i:], f)
			if j < 0 {
				break
			}
			j += i
			before, _ := utf8.DecodeLastRuneInString(text[:j])
			after, _ := utf8.DecodeRuneInString(text[j+len(f):])
			if !unicode.IsLetter(before) && !unicode.IsLetter(after) {
				out = append(out, f)
				break
			}
			i = j + 1
		}
	}
	return out
}

// codeWord is a code or field name: lower-case words joined by "_".
var codeWord = regexp.MustCompile(`\b[a-z]+(?:_[a-z0-9]+)+\b`)

// inputShowsValue reports whether an input shows its value as a label (a
// submit or button input).
func inputShowsValue(n *html.Node) bool {
	for _, a := range n.Attr {
		if a.Key == "type" {
			return a.Val == "submit" || a.Val == "button"
		}
	}
	return false
}

// fixtureWords are names the fixtures give tables, leagues and games
// (data, not the page's words), and URLs shown as examples. A table
// made without a name is named for the day it was made, in the maker's
// language ("Saturday evening"): any day's, so the test does not fail
// on every day but the one it was written on.
var fixtureWords = regexp.MustCompile(`(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day evening|Rounds night|Runes|Table \d+|Friday|\S*/\S*`)

// englishOn returns what of the catalog's English (and the codes and
// field names, lower-case words joined by "_") a reader of page sees
// outside the "Why?" small print.
func englishOn(doc *goquery.Document, fragments []string, codesOnly bool) []string {
	text := fixtureWords.ReplaceAllString(readerText(doc), " ")
	var out []string
	if !codesOnly {
		out = englishIn(text, fragments)
	}
	for _, c := range codeWord.FindAllString(text, -1) {
		out = append(out, "code "+c)
	}
	return out
}

// hyphenMinus finds a negative number written with a hyphen ("Cy -1"):
// every page writes scores with the real minus sign ("Cy −1", views.Score),
// as the standings and charts do.
var hyphenMinus = regexp.MustCompile(`.{0,30}(?:^|[\s(:;])-\d+.{0,10}`)

// glossaryOn returns the words the glossary rules out that a German
// reader of page sees (outside the names the fixture typed), each with
// the word to use instead: the catalog's German follows the glossary
// (views/i18n's test), and so must what a page makes of it.
func glossaryOn(doc *goquery.Document, rules []docs.Never) []string {
	text := fixtureWords.ReplaceAllString(readerText(doc), " ")
	var out []string
	for _, r := range rules {
		if w := r.Re.FindString(text); w != "" {
			out = append(out, "«"+w+"» where the glossary has "+r.Term)
		}
	}
	return out
}

// germanFixture is the crawl's evening of every game, with a table that
// played another game's sheet and then chose Cambio.
func germanFixture(t *testing.T, ts *testServer) (crawlFixture, string) {
	fx := buildCrawlFixture(t, ts)
	evening := ts.NewTable("another-game", "", "Ana", "Ben", "Cy")
	ts.SheetRound(t, evening, map[string]string{"name": "Skat", "players[0].points": "10", "players[1].points": "-4", "players[2].points": "3"})
	ts.SheetRound(t, evening, map[string]string{"players[0].points": "0", "players[1].points": "14", "players[2].points": "1", "last": "1"})
	open := ts.NewTable("another-game", "Sheet night", "Ana", "Ben")
	ts.SheetRound(t, open, map[string]string{"name": "Skat", "players[0].points": "1", "players[1].points": "2"})
	ts.Choose(t, evening, "cambio", "Cy")
	return fx, evening + " " + open
}

// TestNoEnglishOnGermanPages walks every page there is in German (the
// crawl of every link, form and page of an evening of every game, a
// sheet's table, a league and its imports, from the edit, admin,
// view-only and public links) and the pages only a post shows (a score
// check and its violations, a round checked, form errors, an import
// refused) and fails on any English the catalog has German for (the
// Cambio deck's card names included), and on any code or field name, in
// either language, outside the "Why?" small print. Every page has a meta
// description of its kind, in its language.
func TestNoEnglishOnGermanPages(t *testing.T) {
	t.Parallel()
	webtest.SQLiteOnly(t, "a crawl of pages read from the derived tables")
	webtest.WithoutRace(t, "a crawl of a few hundred pages, one after another")
	if testing.Short() {
		t.Skip("builds an evening of every game")
	}
	ts := newTestServerWith(t, func(a *App) { a.writeRate = 0 })
	fx, extra := germanFixture(t, ts)
	frags := englishFragments()
	rules, err := docs.GlossaryNever()
	if err != nil || len(rules) < 20 {
		t.Fatalf("the glossary's words: %d, %v", len(rules), err)
	}
	for _, name := range []string{"Red King", "Blue King", "Peek Mine", "Peek Yours", "Energy", "Sunlight"} {
		if !slices.Contains(frags, name) {
			t.Fatalf("the catalog has no German for the card %q", name)
		}
	}
	for _, lang := range []string{"de", "en"} {
		t.Run(lang, func(t *testing.T) {
			found := map[string][]string{}
			pages := 0
			described := map[string]string{} // route → its meta description
			see := func(where string, doc *goquery.Document) {
				pages++
				for _, x := range hyphenMinus.FindAllString(readerText(doc), -1) {
					k := "a score written with a hyphen: " + x
					found[k] = append(found[k], where)
				}
				if text := readerText(doc); strings.Contains(text, "%!") {
					i := strings.Index(text, "%!")
					k := "a format's error: " + text[max(0, i-40):min(len(text), i+40)]
					found[k] = append(found[k], where)
				}
				for _, e := range englishOn(doc, frags, lang == "en") {
					found[e] = append(found[e], where)
				}
				desc := doc.Find(`head meta[name="description"]`)
				content := strings.TrimSpace(desc.AttrOr("content", ""))
				if desc.Length() != 1 || len(content) < 40 {
					t.Errorf("%s (%s) has no meta description: %q", where, lang, content)
				}
				if lang == "de" {
					for _, e := range glossaryOn(doc, rules) {
						found[e] = append(found[e], where)
					}
					for _, e := range englishIn(content, frags) {
						found["meta description: "+e] = append(found["meta description: "+e], where)
					}
				}
				described[where] = content
			}
			c := newCrawler(t, ts, lang, nil)
			c.perRoute = 20
			c.onPage = func(u *url.URL, pat string, doc *goquery.Document) {
				see(u.RequestURI(), doc)
				described[pat] = described[u.RequestURI()]
			}
			starts := append(strings.Fields(extra), fx.admin, fx.public, "/", "/check", "/tables/new", "/leagues/new", "/tables/import")
			c.run(append(append(starts, fx.edits...), fx.views...)...)
			for path, p := range postedPages(t, ts, fx, lang) {
				see(path, p.Doc)
			}
			if pages < 150 {
				t.Fatalf("only %d pages seen", pages)
			}
			// Each kind of page says what it is.
			kinds := map[string]bool{}
			for _, pat := range []string{"/", "/tables/new", "/tables/:id", "/tables/:id/games/:n", "/tables/:id/games/new", "/tables/:id/games/:n/replay",
				"/tables/:id/play", "/check", "/history", "/leagues/:id", "/leagues/:id/members/:name", "/tables/import", "/tables/:id/next"} {
				if described[pat] == "" {
					t.Errorf("the crawl did not describe %s", pat)
				}
				kinds[described[pat]] = true
			}
			if len(kinds) < 12 {
				t.Errorf("%d descriptions for 13 kinds of page: %v", len(kinds), kinds)
			}
			keys := make([]string, 0, len(found))
			for k := range found {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				t.Errorf("%q on %d pages (%s), e.g. %s", k, len(found[k]), lang, found[k][0])
			}
			t.Logf("%d pages", pages)
		})
	}
}

// postedPages are the pages only a post shows, in lang: a KKS score
// check with broken rules, a Cambio round checked and one refused, a new
// table refused, a league's import of a file that is none.
func postedPages(t *testing.T, ts *testServer, fx crawlFixture, lang string) map[string]webtest.Page {
	t.Helper()
	out := map[string]webtest.Page{}
	post := func(what, path string, f url.Values) {
		out["POST "+path+" ("+what+")"] = ts.PostLang(path, f, lang)
	}
	kks := ts.GetLang("/check/koffer-katze-sombrero", lang).FormOf(t, "/check/koffer-katze-sombrero")
	kks.Set("players[0].name", "Amelia")
	kks.Set("players[1].name", "Victor")
	kks.Set("players[0].display.red", "1 5 x 7")
	kks.Set("players[1].display.red", "5")
	kks.Set("players[0].tokens", "3")
	kks.Set("players[1].tokens", "9")
	post("a KKS check with broken rules", "/check/koffer-katze-sombrero", kks)
	round := ts.GetLang("/check/cambio?players%5B0%5D.name=Ana&players%5B1%5D.name=Ben&players%5B2%5D.name=Cy", lang).FormOf(t, "/check/cambio")
	for i, c := range []string{"7 red-king swap", "3 4", "peek-mine blue-king sunlight energy peek-yours"} {
		round.Set(views.PField(i, "cards"), c)
	}
	round.Set("ended", "cambio:1")
	post("a Cambio round checked", "/check/cambio", round)
	round.Set(views.PField(0, "cards"), "dragon")
	post("a Cambio round refused", "/check/cambio", round)
	table := ts.GetLang("/tables/new", lang).FormOf(t, "/tables")
	table.Set("game", "cambio")
	table["players"] = []string{"Ana"}
	post("a table of one", "/tables", table)
	out["POST plays (a file that is none)"] = ts.UploadPlaysIn(t, lang, fx.admin, "plays.json", `{"format": 3}`)
	for what, p := range out {
		if p.Status >= 500 || p.Doc == nil {
			t.Fatalf("%s: %d", what, p.Status)
		}
	}
	return out
}
