package card

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"tablemate/scoring"
	"tablemate/scoring/scoringtest"
	"tablemate/views/i18n"
	"tablemate/web/games"
)

// -cards DIR writes the cards the tests draw to DIR, to look at them.
var cardsDir = flag.String("cards", "", "write the drawn cards to this directory")

var (
	en = context.Background()
	de = i18n.With(context.Background(), i18n.German, "/")
)

// finished returns a valid, finished result of every game: the worked
// cases of score-cases.json where one is valid, and for the games whose
// worked cases are all disputed, the request examples of their own API
// documents (docs/api-kodiak.md, docs/api-alaska.md,
// docs/api-rune-market.md), each checked by its engine here.
func finished(t testing.TB) map[string]scoring.Result {
	t.Helper()
	cases := scoringtest.Cases(t, "")
	requests := map[string][]string{
		"kodiak": {`{"players": [{"name": "Ana", "rounds": [
			{"kodiak": true, "cards": ["red-king"], "pounces": 2},
			{"cards": ["swap"], "hairballs_kept": 1},
			{"cards": ["1", "1"]}]},
		  {"name": "Ben", "rounds": [
			{"cards": []},
			{"kodiak": true, "cards": ["2"], "pounces": 1},
			{"cards": ["0"]}]},
		  {"name": "Cy", "rounds": [
			{"cards": ["blue-king"], "hairballs_discarded": 1},
			{"cards": []},
			{"kodiak": true, "cards": [], "pounces": 3}]}],
		 "options": {"cycles": 1}}`},
		"alaska": {`{"players": [{"name": "Ana", "salmon": 5}, {"name": "Ben", "salmon": 3}, {"name": "Cy",  "salmon": 5}],
		 "options": {"angler_catch": "swim_past"}}`},
		"rune-market": {`{"players": [
		   {"name": "Ana", "shelters": [
			  {"colour": "red",  "runes": 3, "boat_shelter": true},
			  {"colour": "blue", "runes": 1, "bandit": "Ben"}],
			"runes": {"red": 2, "blue": 0}, "highest_number_card": 9},
		   {"name": "Ben", "boat_shelters": [{"colour": "blue", "runes": 2}], "runes": {"red": 4}}]}`},
	}
	for _, c := range cases {
		requests[c.Game] = append(requests[c.Game], string(c.Request))
	}
	out := map[string]scoring.Result{}
	for _, engine := range games.Engines() {
		slug := engine.Info().Slug
		for _, req := range requests[slug] {
			res, err := engine.Check([]byte(req))
			if err == nil && res.Valid && res.GameOver && len(res.Winners) > 0 {
				out[slug] = res
				break
			}
		}
		if _, ok := out[slug]; !ok {
			t.Fatalf("no valid finished example for %s (slugs: %v)", slug, keys(requests))
		}
	}
	return out
}

func keys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

func decode(t *testing.T, b []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if got := img.Bounds(); got != image.Rect(0, 0, Width, Height) {
		t.Fatalf("card is %v, want %dx%d", got, Width, Height)
	}
	return img
}

func save(t *testing.T, name string, b []byte) {
	if *cardsDir == "" {
		return
	}
	if err := os.WriteFile(filepath.Join(*cardsDir, name+".png"), b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// share is the share of the pixels of r that are exactly col.
func share(img image.Image, r image.Rectangle, col color.RGBA) float64 {
	rgba, ok := img.(*image.RGBA)
	if !ok { // a card is opaque RGB, which image/png decodes as RGBA
		rgba = image.NewRGBA(img.Bounds())
		draw.Draw(rgba, rgba.Bounds(), img, image.Point{}, draw.Src)
	}
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := rgba.Pix[rgba.PixOffset(r.Min.X, y):rgba.PixOffset(r.Max.X, y)]
		for i := 0; i < len(row); i += 4 {
			if row[i] == col.R && row[i+1] == col.G && row[i+2] == col.B && row[i+3] == col.A {
				n++
			}
		}
	}
	return float64(n) / float64(r.Dx()*r.Dy())
}

// TestEveryGame: a card is drawn for a finished result of each of the
// seven games, in English and German, decodes as a PNG of 1200×630, and
// crowns the engine's winners.
func TestEveryGame(t *testing.T) {
	t.Parallel()
	withoutRace(t)
	results := finished(t)
	if len(results) != len(games.Engines()) {
		t.Fatalf("%d games, want the registry's %d", len(results), len(games.Engines()))
	}
	played := time.Date(2026, 3, 5, 21, 30, 0, 0, time.UTC)
	for _, engine := range games.Engines() {
		info := engine.Info()
		t.Run(info.Slug, func(t *testing.T) {
			r := FromEngine(info, results[info.Slug])
			r.Table, r.Number, r.Played = "Freitagsrunde", 2, played
			if r.Game != info.Title || !r.Checked || len(r.Players) < 2 {
				t.Fatalf("FromEngine: %+v", r)
			}
			// English through the PNG, German as drawn (the encoding is the
			// same code; under -race it is the slow part).
			b, err := r.PNG(en)
			if err != nil {
				t.Fatal(err)
			}
			save(t, info.Slug, b)
			german, err := r.Draw(de)
			if err != nil {
				t.Fatal(err)
			}
			for lang, img := range map[string]image.Image{"en": decode(t, b), "de": german} {
				if share(img, firstRow(len(r.Players)), gold) < 0.5 {
					t.Errorf("%s: the winner's row is not gold", lang)
				}
			}
		})
	}
}

// firstRow is the inside of the first ranked line of a card of n lines
// (without its rounded edge).
func firstRow(n int) image.Rectangle {
	h := rowHeight(n, 184, 556)
	return image.Rect(Margin+16, 184+6, Margin+300, 184+h-6)
}

func rowHeight(n, top, bottom int) int {
	perCol := n
	if n > 5 {
		perCol = (n + 1) / 2
	}
	return min(76, (bottom-top-(perCol-1)*12)/perCol)
}

// TestWinnersFirstAndUnmistakable: winners are drawn first and gold
// whatever order the players come in; the others are not gold; a disputed
// result crowns nobody.
func TestWinnersFirstAndUnmistakable(t *testing.T) {
	t.Parallel()
	withoutRace(t)
	r := Result{Game: "Auf der Hut", Checked: true, Players: []Player{
		{"Ida", 4, false, 0}, {"Jan", 8, true, 0}, {"Kim", 2, false, 0},
	}}
	b, _ := r.PNG(en)
	img := decode(t, b)
	h := rowHeight(3, 184, 556)
	second := firstRow(3).Add(image.Pt(0, h+12))
	if share(img, firstRow(3), gold) < 0.5 || share(img, second, gold) > 0 {
		t.Errorf("gold in the first row %.2f, in the second %.2f", share(img, firstRow(3), gold), share(img, second, gold))
	}
	r.Checked = false
	b, _ = r.PNG(en)
	img = decode(t, b)
	if g := share(img, image.Rect(0, 156, Width, Height), gold); g > 0 {
		t.Errorf("a disputed result has gold (%.3f)", g)
	}
	// Shared first places: both gold.
	r = Result{Game: "Cambio", LowestWins: true, Checked: true, Players: []Player{
		{"Ana", 12, false, 0}, {"Ben", 3, true, 0}, {"Cy", 3, true, 0},
	}}
	b, _ = r.PNG(en)
	img = decode(t, b)
	if share(img, firstRow(3), gold) < 0.5 || share(img, firstRow(3).Add(image.Pt(0, h+12)), gold) < 0.5 {
		t.Error("two winners: both rows must be gold")
	}
}

// TestInsideTheMargins: with long names and a long title, in German, for
// 2 to 8 players (and more), nothing is drawn in the side margins, above
// the header's text or below the footer: those pixels keep the
// background.
func TestInsideTheMargins(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("Wolfgang Ämmerlingen-Łobuziakowska ", 6)
	for _, n := range []int{0, 1, 2, 4, 5, 6, 8, 10} {
		r := Result{Game: "Koffer, Katze & Sombrero — " + long, Table: long, Number: 12, Played: time.Now(), LowestWins: true, Checked: n%2 == 0}
		for i := range n {
			r.Players = append(r.Players, Player{Name: fmt.Sprint(i) + long, Score: -1000000 * i, Winner: i == 0})
		}
		e := Evening{Table: long, Played: time.Now(), Games: []EveningGame{{Game: long, Winners: []string{long}, Checked: true}, {Game: "Cambio"}}}
		for i := range n {
			e.Standing = append(e.Standing, Row{Name: long, Points: 1000000 * i, Wins: 100 * i})
		}
		for name, draw := range map[string]func(context.Context) (*image.RGBA, error){"result": r.Draw, "evening": e.Draw} {
			img, err := draw(de)
			if err != nil {
				t.Fatal(err)
			}
			if img.Bounds() != image.Rect(0, 0, Width, Height) {
				t.Fatalf("%s of %d is %v", name, n, img.Bounds())
			}
			for _, strip := range []struct {
				r   image.Rectangle
				col color.RGBA
			}{
				{image.Rect(0, 0, Margin, 156), accent},            // left of the header's text
				{image.Rect(Width-Margin, 0, Width, 156), accent},  // right of the verdict
				{image.Rect(0, 0, Width, 24), accent},              // above it
				{image.Rect(0, 156, Margin, Height), bg},           // left of the ranking
				{image.Rect(Width-Margin, 156, Width, Height), bg}, // right of it
				{image.Rect(0, Height-16, Width, Height), bg},      // below the footer
			} {
				if s := share(img, strip.r, strip.col); s != 1 {
					t.Errorf("%s of %d: %.4f of %v is background", name, n, s, strip.r)
				}
			}
		}
	}
}

func TestLanguages(t *testing.T) {
	t.Parallel()
	r := Result{Game: "Alaska", Checked: true, Players: []Player{{"Ana", 5, true, 0}, {"Ben", 3, false, 0}}}
	a, _ := r.PNG(en)
	b, _ := r.PNG(de)
	if bytes.Equal(a, b) {
		t.Error("the German card is the English one")
	}
	for _, key := range []string{"Checked by the rules", "Disputed", "Fewest points win", "Evening standing", "1 win", "%d wins", "and %d more", "%s: disputed"} {
		if !i18n.Has(key) {
			t.Errorf("no German for %q", key)
		}
	}
}

func TestDate(t *testing.T) {
	day := time.Date(2026, 3, 5, 23, 0, 0, 0, time.UTC)
	if got := date(en, day); got != "5 March 2026" {
		t.Errorf("English date %q", got)
	}
	if got := date(de, day); got != "5. März 2026" {
		t.Errorf("German date %q", got)
	}
}

func TestClean(t *testing.T) {
	f, err := fonts()
	if err != nil {
		t.Fatal(err)
	}
	c := newCanvas(f)
	face := c.face(regular, 30)
	tests := []struct{ in, want string }{
		{"Kociaki Łobuziaki", "Kociaki Łobuziaki"},
		{"Jürgen Größe", "Jürgen Größe"},
		{"Zoe\u0301", "Zoé"}, // composed
		{"  Ana \t\n Ben  ", "Ana Ben"},
		{"Ana\x00\x1b[31m", "Ana[31m"},
		{"\u202eevil\u202c", "evil"},        // a bidi override is dropped
		{"a\u200db", "ab"},                  // so is a zero-width joiner
		{"Dice 🎲", "Dice □"},                // no glyph: a box
		{"שלום", "□□□□"},                    // right-to-left script the font lacks
		{"bad \xff\xfe utf8", "bad □ utf8"}, // invalid bytes: one box
		{strings.Repeat("x", 5000), strings.Repeat("x", maxRunes)},
	}
	for _, tt := range tests {
		if got := clean(tt.in, face); got != tt.want {
			t.Errorf("clean(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestFit(t *testing.T) {
	f, _ := fonts()
	face := newCanvas(f).face(bold, 32)
	if got := fit(face, "Ana", 300); got != "Ana" {
		t.Errorf("a short name was cut: %q", got)
	}
	long := "Victor Żółćński-Grzegorzewski der Dritte von Ämmerlingen"
	for _, max := range []int{0, 10, 100, 400} {
		got := fit(face, long, max)
		if !strings.HasSuffix(got, ellipsis) || width(face, got) > max && got != ellipsis {
			t.Errorf("fit to %d: %q is %d wide", max, got, width(face, got))
		}
		if !utf8.ValidString(got) {
			t.Errorf("fit cut a letter: %q", got)
		}
	}
}

func TestEvening(t *testing.T) {
	t.Parallel()
	withoutRace(t)
	e := Evening{Table: "Spieleabend", Games: []EveningGame{{Game: "Cambio", Winners: []string{"Zofia"}, Checked: true}, {Game: "Kodiak", Winners: []string{"Ana"}, Checked: true}},
		Standing: []Row{{Name: "Ana", Points: 30, Wins: 1}, {Name: "Zofia", Points: 12, Wins: 1}, {Name: "Ben", Points: 40}}, LowestWins: true}
	b, err := e.PNG(de)
	if err != nil {
		t.Fatal(err)
	}
	save(t, "evening", b)
	img := decode(t, b)
	top, second := image.Rect(Margin+16, 190, Margin+300, 184+rowHeight(3, 184, 526)-6), image.Rectangle{}
	second = top.Add(image.Pt(0, rowHeight(3, 184, 526)+12))
	if share(img, top, gold) < 0.5 || share(img, second, gold) > 0 {
		t.Error("the evening's leader (fewest points) must be first and gold, alone")
	}
	// No games yet: nobody leads.
	e.Games = nil
	b, _ = e.PNG(en)
	if share(decode(t, b), top, gold) > 0 {
		t.Error("an evening without games crowns somebody")
	}
}

// FuzzResult: any names, title and scores draw a card of the right size
// with clean margins, and never panic.
func FuzzResult(f *testing.F) {
	f.Add("Kociaki Łobuziaki", "Zofia", "\u202eŁ\x00🎲", 3, 57, -4, true)
	f.Add("", "", "", 0, 0, 0, false)
	f.Fuzz(func(t *testing.T, title, a, b string, n, s1, s2 int, checked bool) {
		r := Result{Game: title, Table: b, Checked: checked, Played: time.Unix(int64(s1), 0)}
		for i := range (n%12 + 12) % 12 {
			r.Players = append(r.Players, Player{Name: a + b, Score: s1 - i*s2, Winner: i%3 == 0})
		}
		img, err := r.Draw(en)
		if err != nil {
			t.Fatal(err)
		}
		if img.Bounds() != image.Rect(0, 0, Width, Height) || share(img, image.Rect(0, 156, Margin, Height), bg) != 1 {
			t.Fatal("drawn outside the margins")
		}
	})
}

// BenchmarkResultPNG: drawing and encoding the card of a four-player game
// (go test -bench PNG -benchmem ./views/card).
func BenchmarkResultPNG(b *testing.B) {
	r := Result{Game: "Kociaki Łobuziaki", Table: "Freitagsrunde", Number: 3, Played: time.Now(), Checked: true,
		Players: []Player{{"Amelia", 41, false, 0}, {"Victor", 57, true, 0}, {"Enrique", 32, false, 0}, {"Zofia", 33, false, 0}}}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := r.PNG(de); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEveningPNG: an evening of eight players and five games.
func BenchmarkEveningPNG(b *testing.B) {
	e := Evening{Table: "Spieleabend", Played: time.Now()}
	for _, g := range []string{"Cambio", "Kodiak", "Alaska", "Auf der Hut", "The Rune Market"} {
		e.Games = append(e.Games, EveningGame{Game: g, Winners: []string{"Ana"}, Checked: true})
	}
	for i, n := range []string{"Ana", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"} {
		e.Standing = append(e.Standing, Row{Name: n, Points: 50 - 3*i, Wins: i % 2})
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := e.PNG(en); err != nil {
			b.Fatal(err)
		}
	}
}

func TestNumber(t *testing.T) {
	for n, want := range map[int]string{0: "0", 57: "57", -3: "−3", math.MinInt64: "−9223372036854775808"} {
		if got := number(n); got != want {
			t.Errorf("number(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestScoresAsTypedAreNotCalledChecked: another game's sheet or an
// imported play keeps its winners (gold) but its verdict differs from
// "checked by the rules".
func TestScoresAsTypedAreNotCalledChecked(t *testing.T) {
	t.Parallel()
	withoutRace(t)
	checked := Result{Game: "Skyjo", Checked: true, Players: []Player{{"Ida", 4, false, 0}, {"Jan", 8, true, 0}}}
	typed := checked
	typed.Unchecked = true
	a, _ := checked.PNG(en)
	b, _ := typed.PNG(en)
	img := decode(t, b)
	if share(img, firstRow(2), gold) < 0.5 {
		t.Error("the winner of a sheet is not crowned")
	}
	if bytes.Equal(a, b) {
		t.Error("scores as typed are drawn as checked by the rules")
	}
	// An evening holding such a game is not called checked either: the
	// same evening with that game checked is drawn differently.
	ev := Evening{Games: []EveningGame{{Game: "Cambio", Winners: []string{"Jan"}, Checked: true}, {Game: "Skyjo", Winners: []string{"Jan"}, Checked: true, Unchecked: true}},
		Standing: []Row{{Name: "Jan", Points: 2, Wins: 2}, {Name: "Ida"}}}
	a, _ = ev.PNG(en)
	ev.Games[1].Unchecked = false
	b, _ = ev.PNG(en)
	if bytes.Equal(a, b) {
		t.Error("an evening with scores kept as typed is drawn as checked by the rules")
	}
	// Partly typed is told apart from all typed.
	ev.Games[0].Unchecked, ev.Games[1].Unchecked = true, true
	c, _ := ev.PNG(en)
	if bytes.Equal(a, c) || bytes.Equal(b, c) {
		t.Error("an evening of typed scores only is drawn as one partly checked, or as one checked")
	}
}

// longEvening is an evening of n short games of another game's sheet,
// each won by one of three players.
func longEvening(n int) Evening {
	e := Evening{Table: "Lange Nacht", Played: time.Now()}
	names := []string{"Ana", "Ben", "Cy"}
	for i := range n {
		e.Games = append(e.Games, EveningGame{Game: fmt.Sprintf("Skyjo %d", i+1), Winners: []string{names[i%3]}, Checked: true, Unchecked: true})
	}
	for i, name := range names {
		e.Standing = append(e.Standing, Row{Name: name, Points: 2*n/3 - i, Wins: n / 3})
	}
	return e
}

// TestLongEvening: an evening of 60 games lists as many as fit on one
// line in the order played, then "and N more" in the reader's language;
// the line keeps its type size and the card its frame. A game's name too
// long to fit even alone is cut, and the rest still counted.
func TestLongEvening(t *testing.T) {
	t.Parallel()
	withoutRace(t)
	f, _ := fonts()
	face := newCanvas(f).face(regular, gamesSize)
	e := longEvening(60)
	for _, c := range []struct {
		ctx  context.Context
		more *regexp.Regexp
	}{{en, regexp.MustCompile(` · and (\d+) more$`)}, {de, regexp.MustCompile(` · und (\d+) weitere$`)}} {
		var games []string
		for _, g := range e.Games {
			games = append(games, g.Game+": "+g.Winners[0])
		}
		line := gamesLine(c.ctx, face, games, Width-2*Margin)
		m := c.more.FindStringSubmatch(line)
		if m == nil {
			t.Fatalf("%s: the line of 60 games does not end with its count of the rest: %q", i18n.Code(i18n.Lang(c.ctx)), line)
		}
		shown := strings.Split(strings.TrimSuffix(line, m[0]), " · ")
		if rest, _ := strconv.Atoi(m[1]); len(shown)+rest != 60 || len(shown) < 5 {
			t.Errorf("%d games shown and %s more, want 60 in all and more than a few shown: %q", len(shown), m[1], line)
		}
		for i, g := range shown {
			if g != games[i] {
				t.Errorf("game %d is shown as %q, want %q (in the order played)", i+1, g, games[i])
			}
		}
		if w := width(face, line); w > Width-2*Margin {
			t.Errorf("the line is %d px wide, more than the card's %d", w, Width-2*Margin)
		}
		// One more game would not have fitted: the line is as full as it
		// can be.
		fuller := strings.Join(games[:len(shown)+1], " · ") + strings.Replace(m[0], m[1], strconv.Itoa(60-len(shown)-1), 1)
		if width(face, fuller) <= Width-2*Margin {
			t.Errorf("%q would have fitted, the line shows fewer: %q", fuller, line)
		}
		// Every game fits: no count.
		if few := gamesLine(c.ctx, face, games[:3], Width-2*Margin); few != strings.Join(games[:3], " · ") {
			t.Errorf("three games: %q", few)
		}
		// The first game alone too long: cut, the rest counted.
		long := append([]string{strings.Repeat("Sehr lange Hausregeln ", 20)}, games[1:]...)
		cut := gamesLine(c.ctx, face, long, Width-2*Margin)
		if m := c.more.FindStringSubmatch(cut); m == nil || m[1] != "59" || !strings.Contains(cut, ellipsis) || width(face, cut) > Width-2*Margin {
			t.Errorf("a first game too long for the line: %q", cut)
		}
	}
	for _, n := range []int{60, 600} {
		e := longEvening(n)
		img, err := e.Draw(de)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := e.PNG(en)
		save(t, fmt.Sprintf("evening-%d", n), b)
		for _, strip := range []image.Rectangle{
			image.Rect(0, 156, Margin, Height), image.Rect(Width-Margin, 156, Width, Height), image.Rect(0, Height-16, Width, Height),
		} {
			if s := share(img, strip, bg); s != 1 {
				t.Errorf("%d games: %.4f of %v is background", n, s, strip)
			}
		}
		// The line keeps its size: its letters reach from the top of a
		// capital to the foot of a "y" (some 20 px at 22 px type).
		top, bottom := Height, 0
		for y := gamesBaseline - 30; y < gamesBaseline+12; y++ {
			for x := Margin; x < Width-Margin; x++ {
				if img.RGBAAt(x, y) != bg {
					top, bottom = min(top, y), max(bottom, y)
				}
			}
		}
		if bottom-top < 18 || bottom-top > 30 {
			t.Errorf("%d games: the line of games is drawn %d px tall (rows %d–%d), want about 22", n, bottom-top+1, top, bottom)
		}
	}
}

// withoutRace skips a test in a binary built with -race: drawing cards
// under the race detector costs fifteen times as much (18 s of CPU for
// this package, against 1.2 s without), and make unit runs these tests
// again without -race right after (the Makefile's UNIT_NORACE, which
// web/webtest's TestWithoutRaceRunsInMakeUnit holds to name each), so
// their checks still run in make test. TestLanguages and
// TestInsideTheMargins still draw side by side under -race (the fonts
// are shared).
func withoutRace(t *testing.T) {
	t.Helper()
	if raceDetector {
		t.Skip("not under -race (make unit runs it without, UNIT_NORACE)")
	}
}
