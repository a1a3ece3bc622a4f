// Package card draws result cards: a PNG of 1200×630 (the size link
// previews use) with a finished game's ranking, scores, game and date, and
// whether the rules checked it or it is disputed; and the same for an
// evening of several games on one table. Drawn with Go's image libraries
// and the embedded Go fonts: no browser, no network, no files. Text comes
// from the catalog in the language of the context (views/i18n), so a
// cache keeps one card per table version and language.
package card

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"slices"
	"strconv"
	"strings"
	"time"

	"golang.org/x/image/font"

	"tablemate/scoring"
	"tablemate/sessions/league/stats"
	"tablemate/views/i18n"
)

// Width and Height are every card's size in pixels.
const (
	Width  = 1200
	Height = 630
)

// Margin is the space kept free of text at every edge.
const Margin = 56

// maxRows is how many players a card lists; more (no game seats more than
// eight) end in an "and N more" line.
const maxRows = 8

// Player is one seat of a finished game.
type Player struct {
	Name   string
	Score  int
	Winner bool // the engine named this player a winner
	// Place is the player's place as the table placed the game
	// (sessions.GameRecord); a card given no places places its players
	// by their winners, then their scores.
	Place int
}

// Result is one finished game as its card shows it.
type Result struct {
	Game       string    // the game's title, as the games keep their names
	Table      string    // the table's name ("" leaves it out)
	Number     int       // the game's number at the table (0 leaves it out)
	Played     time.Time // when it was entered (zero leaves the date out)
	LowestWins bool      // the fewest points win
	// Checked is true when the engine found no rule broken ("checked by
	// the rules"); false marks the result disputed, and nobody is crowned.
	Checked bool
	// Unchecked is set for scores kept as typed (another game's sheet, an
	// imported play): no rules were checked, the winners stand as given,
	// and the card says so instead of "checked by the rules".
	Unchecked bool
	// Settled is set for a disputed game the table counted as entered
	// (ruling G-5): its winners are crowned, and the card says "counted
	// as entered" instead of "checked by the rules".
	Settled bool
	Players []Player
}

// FromEngine fills a card from an engine's description and verdict; the
// caller adds the table, number and date.
func FromEngine(info scoring.Info, r scoring.Result) Result {
	out := Result{Game: info.Title, LowestWins: info.LowestWins, Checked: r.Valid}
	for _, p := range r.Players {
		out.Players = append(out.Players, Player{Name: p.Name, Score: p.Total, Winner: slices.Contains(r.Winners, p.Name)})
	}
	return out
}

// Evening is the standing of one table's evening of several games.
type Evening struct {
	// Title heads the card ("" is "Evening standing"; a league's card
	// gives its name).
	Title string
	Table string // the table's name ("" leaves it out)
	// Scheme is how a league's card counts its points ("3/2/1/0 points
	// by place"), said in the card's language; zero leaves it out.
	Scheme     scoring.Phrase
	Played     time.Time
	LowestWins bool // the fewest points lead (when Places are not given)
	Games      []EveningGame
	// Count, when more than 0, is how many games were played and Games
	// is not listed (a league's card).
	Count int
	// Standing is every player's evening: with Place 0 throughout, places
	// follow Points (ties share); otherwise the given places are used.
	Standing []Row
}

// EveningGame is one game of the evening: its title and winners.
type EveningGame struct {
	Game    string
	Winners []string
	Checked bool // false: disputed
	// Unchecked is set for scores kept as typed (Result.Unchecked): an
	// evening that holds one is not called checked by the rules.
	Unchecked bool
	// Settled is set for a disputed game counted as entered.
	Settled bool
}

// Row is one player's line of an evening.
type Row struct {
	Name   string
	Points int
	// Standing is shown instead of Points when ByStanding is set: the
	// evening's or league's points by place (a half where a tie shared
	// places), written as the card's language writes them.
	Standing   float64
	ByStanding bool
	Wins       int
	Place      int
}

// Score is the row's number as the card writes it in ctx's language.
func (r Row) Score(ctx context.Context) string {
	if r.ByStanding {
		return i18n.Decimal(ctx, r.Standing, -1)
	}
	return number(r.Points)
}

// PNG draws the card and encodes it.
func (r Result) PNG(ctx context.Context) ([]byte, error) { return encode(r.Draw(ctx)) }

// PNG draws the evening's card and encodes it.
func (e Evening) PNG(ctx context.Context) ([]byte, error) { return encode(e.Draw(ctx)) }

func encode(img *image.RGBA, err error) ([]byte, error) {
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	buf.Grow(64 << 10)
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, img); err != nil {
		return nil, fmt.Errorf("card: %w", err)
	}
	return buf.Bytes(), nil
}

// entry is one ranked line of a card.
type entry struct {
	place  int
	name   string
	detail string // muted text before the score ("2 wins")
	score  string
	top    bool // a winner or the evening's leader: gold and crowned
}

// Draw draws the result card.
func (r Result) Draw(ctx context.Context) (*image.RGBA, error) {
	f, err := fonts()
	if err != nil {
		return nil, fmt.Errorf("card: fonts: %w", err)
	}
	c := newCanvas(f)
	players := r.Players
	asTyped := r.Unchecked && r.Checked
	if !r.Checked {
		// Winners of a disputed result are not decided (API.md: winners
		// is empty then); places follow the scores alone.
		players = slices.Clone(players)
		for i := range players {
			players[i].Winner = false
		}
	}
	sp := make([]stats.Player, len(players))
	for i, p := range players {
		sp[i] = stats.Player{Name: p.Name, Score: p.Score, Winner: p.Winner, Place: p.Place}
	}
	places := stats.Places(sp, r.LowestWins) // the given places, when given
	lines := make([]entry, len(players))
	for i, p := range players {
		lines[i] = entry{place: places[i], name: p.Name, score: number(p.Score), top: r.Checked && p.Winner}
	}
	var sub []string
	if r.Table != "" {
		sub = append(sub, r.Table)
	}
	if r.Number > 0 {
		sub = append(sub, i18n.T(ctx, "Game %d", r.Number))
	}
	if !r.Played.IsZero() {
		sub = append(sub, date(ctx, r.Played))
	}
	if r.LowestWins {
		sub = append(sub, i18n.T(ctx, "Fewest points win"))
	}
	typed := noneTyped
	switch {
	case asTyped:
		typed = allTyped
	case r.Settled && r.Checked:
		typed = settled
	}
	c.header(ctx, r.Game, sub, r.Checked, typed)
	c.ranking(ctx, lines, 184, 556)
	c.footer(604)
	return c.img, nil
}

// Draw draws the evening's card.
func (e Evening) Draw(ctx context.Context) (*image.RGBA, error) {
	f, err := fonts()
	if err != nil {
		return nil, fmt.Errorf("card: fonts: %w", err)
	}
	c := newCanvas(f)
	places := make([]int, len(e.Standing))
	given := slices.ContainsFunc(e.Standing, func(r Row) bool { return r.Place > 0 })
	if given {
		for i, r := range e.Standing {
			places[i] = max(r.Place, 1)
		}
	} else {
		sp := make([]stats.Player, len(e.Standing))
		for i, r := range e.Standing {
			sp[i] = stats.Player{Name: r.Name, Score: r.Points}
		}
		places = stats.Places(sp, e.LowestWins)
	}
	lines := make([]entry, len(e.Standing))
	for i, r := range e.Standing {
		lines[i] = entry{
			place: places[i], name: r.Name, score: r.Score(ctx),
			detail: i18n.Say(ctx, scoring.Count(r.Wins, "1 win", "%d wins")),
			top:    places[i] == 1 && e.played() > 0,
		}
	}
	checked, typed, kept, settledGames := true, noneTyped, 0, 0
	var games []string
	for _, g := range e.Games {
		if g.Unchecked {
			kept++
		}
		if g.Settled {
			settledGames++
		}
		switch {
		case !g.Checked:
			checked = false
			games = append(games, i18n.T(ctx, "%s: disputed", g.Game))
		case len(g.Winners) > 0:
			games = append(games, g.Game+": "+i18n.JoinNames(ctx, g.Winners))
		default:
			games = append(games, g.Game)
		}
	}
	var sub []string
	if e.Table != "" {
		sub = append(sub, e.Table)
	}
	if !e.Scheme.IsZero() {
		sub = append(sub, i18n.Say(ctx, e.Scheme))
	}
	if !e.Played.IsZero() {
		sub = append(sub, date(ctx, e.Played))
	}
	sub = append(sub, i18n.Say(ctx, scoring.Count(e.played(), "1 game", "%d games")))
	title := e.Title
	if title == "" {
		title = i18n.T(ctx, "Evening standing")
	}
	switch {
	case kept > 0 && kept == len(e.Games):
		typed = allTyped
	case kept > 0:
		typed = someTyped
	case settledGames > 0:
		typed = settled
	}
	c.header(ctx, title, sub, checked, typed)
	c.ranking(ctx, lines, 184, 526)
	if len(games) > 0 {
		face := c.face(regular, gamesSize)
		c.text(gamesLine(ctx, face, games, Width-2*Margin), Margin, gamesBaseline, face, muted)
	}
	c.footer(606)
	return c.img, nil
}

// gamesLine is the evening's games in one line at most max pixels wide
// in face: as many as fit, in the order played, then "and N more" for
// the rest (a long evening keeps its type size and its frame). A game
// too long to fit even alone is cut with an ellipsis.
func gamesLine(ctx context.Context, face font.Face, list []string, max int) string {
	const sep = " · "
	games := make([]string, len(list))
	for i, g := range list {
		games[i] = clean(g, face)
	}
	line := func(shown int) string {
		s := strings.Join(games[:shown], sep)
		if rest := len(games) - shown; rest > 0 {
			s += sep + i18n.T(ctx, "and %d more", rest)
		}
		return s
	}
	// The most games whose widths (and the separators') add up within
	// max; the line itself is measured, as kerning may differ a little.
	shown, used := 0, 0
	for _, g := range games {
		w := width(face, g)
		if shown > 0 {
			w += width(face, sep)
		}
		if used+w > max {
			break
		}
		shown, used = shown+1, used+w
	}
	for shown > 0 && width(face, line(shown)) > max {
		shown--
	}
	if shown == 0 && len(games) > 0 {
		// Not even the first game fits beside "and N more": it is cut.
		more := ""
		if len(games) > 1 {
			more = sep + i18n.T(ctx, "and %d more", len(games)-1)
		}
		return fit(face, games[0], max-width(face, more)) + more
	}
	return line(shown)
}

// The evening's line of games: its type size and baseline.
const (
	gamesSize     = 22
	gamesBaseline = 564
)

// played is how many games the evening's card counts.
func (e Evening) played() int {
	if e.Count > 0 {
		return e.Count
	}
	return len(e.Games)
}

// typing says how many of a card's games are scores kept as typed.
type typing int

const (
	noneTyped typing = iota
	someTyped        // an evening of checked games and typed ones
	allTyped
	settled // a disputed game counted as entered (ruling G-5), or an evening holding one
)

// header draws the green band: the title, the line under it and the
// verdict: checked by the rules, disputed, or scores kept as typed that
// no rules checked (all of them, or some of an evening's).
func (c *canvas) header(ctx context.Context, title string, sub []string, checked bool, typed typing) {
	c.rect(image.Rect(0, 0, Width, 156), accent)
	label, fill, ink := i18n.T(ctx, "Checked by the rules"), white, accent
	switch {
	case !checked:
		label, fill, ink = i18n.T(ctx, "Disputed"), warnSoft, warn
	case typed == allTyped:
		label, checked = i18n.T(ctx, "Not checked by the rules"), false
	case typed == someTyped:
		label, checked = i18n.T(ctx, "Partly checked by the rules"), false
	case typed == settled:
		label, fill, ink, checked = i18n.T(ctx, "Counted as entered"), warnSoft, warn, false
	}
	pf := c.face(bold, 24)
	label = fit(pf, clean(label, pf), 360)
	pw := 20 + 26 + 10 + width(pf, label) + 22
	px, py := Width-Margin-pw, 34
	c.rounded(image.Rect(px, py, px+pw, py+50), 25, fill)
	if checked {
		c.check(px+18, py+12, 26, ink)
	} else {
		c.circle(px+18, py+12, 26, ink)
		c.textCentre("!", px+31, py+33, c.face(bold, 20), fill)
	}
	c.text(label, px+20+26+10, py+33, pf, ink)

	tf := c.face(bold, 54)
	c.text(fit(tf, clean(title, tf), px-28-Margin), Margin, 88, tf, white)
	sf := c.face(regular, 26)
	for i, s := range sub {
		sub[i] = clean(s, sf)
	}
	c.text(fit(sf, strings.Join(sub, " · "), Width-2*Margin), Margin, 130, sf, accentSoft)
}

// ranking draws the lines best first between the heights top and bottom:
// one column up to five lines, two columns (read down, then across) for
// more.
func (c *canvas) ranking(ctx context.Context, lines []entry, top, bottom int) {
	order := make([]int, len(lines))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return lines[a].place - lines[b].place })
	sorted := make([]entry, len(lines))
	for i, j := range order {
		sorted[i] = lines[j]
	}
	if len(sorted) > maxRows {
		more := entry{name: i18n.T(ctx, "and %d more", len(sorted)-(maxRows-1))}
		sorted = append(sorted[:maxRows-1], more)
	}
	n := len(sorted)
	if n == 0 {
		return
	}
	cols := 1
	if n > 5 {
		cols = 2
	}
	perCol := (n + cols - 1) / cols
	const gap, colGap = 12, 24
	colW := (Width - 2*Margin - (cols-1)*colGap) / cols
	h := min(76, (bottom-top-(perCol-1)*gap)/perCol)
	for i, l := range sorted {
		x := Margin + (i/perCol)*(colW+colGap)
		y := top + (i%perCol)*(h+gap)
		c.entry(l, image.Rect(x, y, x+colW, y+h))
	}
}

// entry draws one ranked line in r: the place in a disc, a crown for the
// winners, the name (cut to fit) and the score on the right.
func (c *canvas) entry(l entry, r image.Rectangle) {
	h := r.Dy()
	fill, edge := surface, border
	if l.top {
		fill, edge = gold, goldDeep
	}
	if l.place == 0 { // "and N more"
		f := c.face(regular, float64(h)*0.4)
		c.text(fit(f, clean(l.name, f), r.Dx()-24), r.Min.X+12, r.Min.Y+h/2+int(float64(h)*0.15), f, muted)
		return
	}
	c.rounded(r, 14, edge)
	c.rounded(r.Inset(2), 12, fill)
	d := h - 20
	disc, num := accentSoft, accent
	if l.top {
		disc, num = ink, gold
	}
	c.circle(r.Min.X+12, r.Min.Y+10, d, disc)
	nf := c.face(bold, float64(d)*0.55)
	c.textCentre(fmt.Sprint(l.place), r.Min.X+12+d/2, r.Min.Y+10+d/2+int(float64(d)*0.2), nf, num)
	x := r.Min.X + 12 + d + 14
	if l.top {
		cw := h * 40 / 100
		c.crown(image.Rect(x, r.Min.Y+(h-cw)/2-2, x+cw*6/5, r.Min.Y+(h+cw)/2-2), ink)
		x += cw*6/5 + 10
	}
	size := float64(h) * 0.42
	baseline := r.Min.Y + h/2 + int(size*0.36)
	sf := c.face(bold, size)
	right := r.Max.X - 20
	c.textRight(l.score, right, baseline, sf, ink)
	right -= width(sf, l.score) + 18
	if l.detail != "" {
		df := c.face(regular, size*0.72)
		detail := clean(l.detail, df)
		if width(df, detail) < (right-x)/3 {
			c.textRight(detail, right, baseline, df, muted)
			right -= width(df, detail) + 18
		}
	}
	w := regular
	if l.top {
		w = bold
	}
	nf2 := c.face(w, size)
	c.text(fit(nf2, clean(l.name, nf2), right-x), x, baseline, nf2, ink)
}

// footer draws the app's mark.
func (c *canvas) footer(baseline int) {
	c.rounded(image.Rect(Margin, baseline-24, Margin+30, baseline+6), 8, accent)
	c.check(Margin+5, baseline-19, 20, white)
	c.text("Tablemate", Margin+40, baseline, c.face(bold, 24), muted)
}

// number writes a score with a real minus sign, as the pages do ("−5").
func number(n int) string {
	if n < 0 {
		return "−" + strconv.FormatUint(uint64(-(n+1))+1, 10)
	}
	return strconv.Itoa(n)
}

// date writes a day for people: "5 March 2026", "5. März 2026".
func date(ctx context.Context, t time.Time) string { return i18n.Date(ctx, t) }
