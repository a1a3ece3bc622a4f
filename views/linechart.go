package views

import (
	"context"
	"math"
	"strconv"
	"strings"

	"tablemate/scoring"
	"tablemate/views/i18n"
)

// LineChart is a line chart of running totals drawn as inline SVG: one
// line per player over games (or rounds), starting from 0 at x = 0.
type LineChart struct {
	ID     string // prefix of the element ids (title, desc), unique per page
	Title  scoring.Phrase
	XLabel scoring.Phrase // what x counts: "Game" or "Round"
	Series []Series
	// Target, when HasTarget, is drawn as a dashed line (Cambio's 50).
	Target    int
	HasTarget bool
	// From is the x the lines start at: 0 for the whole evening, or the
	// last game before the part shown of a long one (a chart never grows
	// with the table).
	From int
}

// Series is one player's running totals; Values[i] is the total after
// x = From+i+1, starting from Start at x = From. Values may be halves (an
// evening's placing points, where a tie shares the points of its places).
type Series struct {
	Name   string
	Values []float64
	Start  float64
}

// Empty reports whether there is nothing to draw.
func (c LineChart) Empty() bool {
	for _, s := range c.Series {
		if len(s.Values) > 0 {
			return false
		}
	}
	return true
}

// Chart geometry in SVG user units; the SVG scales to the screen width.
const (
	lcWidth, lcHeight = 360, 200
	lcLeft, lcRight   = 40, 12
	lcTop, lcBottom   = 10, 34
)

// linScale maps a domain [D0, D1] of integers onto a range [R0, R1].
type linScale struct {
	D0, D1 int
	R0, R1 float64
}

// at places v; a zero-width domain places everything at the middle.
func (s linScale) at(v float64) float64 {
	if s.D1 == s.D0 {
		return (s.R0 + s.R1) / 2
	}
	return s.R0 + (v-float64(s.D0))*(s.R1-s.R0)/float64(s.D1-s.D0)
}

// niceTicks returns evenly spaced round numbers (steps of 1, 2 or 5 times
// a power of ten) covering [lo, hi], at most limit+1 of them.
func niceTicks(lo, hi, limit int) []int {
	if lo > hi {
		lo, hi = hi, lo
	}
	if limit < 1 {
		limit = 1
	}
	step := 1
	for mag := 1; ; mag *= 10 {
		found := false
		for _, m := range []int{1, 2, 5} {
			step = m * mag
			if ceilDiv(hi, step)-floorDiv(lo, step) <= limit {
				found = true
				break
			}
		}
		if found {
			break
		}
	}
	var out []int
	for v := floorDiv(lo, step) * step; v <= ceilDiv(hi, step)*step; v += step {
		out = append(out, v)
	}
	if len(out) == 1 { // a flat domain still gets a span to draw on
		out = append(out, out[0]+step)
	}
	return out
}

func floorDiv(a, b int) int {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

func ceilDiv(a, b int) int { return -floorDiv(-a, b) }

// pathD is an SVG path through the points, the first one absolute and
// each next one relative to the one before: "M40 190l60-70l60-20". A
// long table's chart steps the same way game after game, so relative
// steps repeat and compress to a fraction of the absolute ones (the
// chart was most of a long table's page). Coordinates are rounded to
// tenths first, as num rounds them, and stepped in whole tenths, so the
// points land where absolute ones would.
func pathD(xs, ys []float64) string {
	var b strings.Builder
	var px, py int
	for i := range min(len(xs), len(ys)) {
		x, y := tenths(xs[i]), tenths(ys[i])
		if i == 0 {
			b.WriteByte('M')
			b.WriteString(num(xs[i]))
			b.WriteByte(' ')
			b.WriteString(num(ys[i]))
		} else {
			b.WriteByte('l')
			b.WriteString(step(x - px))
			if dy := step(y - py); dy[0] == '-' {
				b.WriteString(dy)
			} else {
				b.WriteByte(' ')
				b.WriteString(dy)
			}
		}
		px, py = x, y
	}
	return b.String()
}

// tenths is f rounded to tenths, counted in tenths.
func tenths(f float64) int { return int(f*10 + sign(f)*0.5) }

// step writes a number of tenths as short as SVG reads it: 62 "6.2", −2
// "-.2", 5 ".5", 770 "77".
func step(t int) string {
	neg := t < 0
	if neg {
		t = -t
	}
	s := itoa(t / 10)
	if f := t % 10; f != 0 {
		if s == "0" {
			s = ""
		}
		s += "." + itoa(f)
	}
	if neg {
		s = "-" + s
	}
	return s
}

// num writes a coordinate with at most one decimal.
func num(f float64) string {
	return strconv.FormatFloat(float64(int(f*10+sign(f)*0.5))/10, 'f', -1, 64)
}

func sign(f float64) float64 {
	if f < 0 {
		return -1
	}
	return 1
}

// maxDots is the most points a line is drawn with a dot on each: more
// would touch each other on a phone's width and only thicken the line
// (the numbers are in the chart's table for screen readers).
const maxDots = 24

// lcTick is one labelled tick on an axis.
type lcTick struct {
	At    string // coordinate along the axis
	Label string
}

// lcPoint is one data point of a drawn line.
type lcPoint struct{ X, Y string }

// lcLine is one series ready to draw.
type lcLine struct {
	Name, Class, D string
	Points         []lcPoint
}

// lcLayout is a LineChart placed on the SVG canvas.
type lcLayout struct {
	Lines          []lcLine
	YTicks, XTicks []lcTick
	TargetY        string
	Left, Right    string // plot area edges (x)
	Top, Bottom    string // plot area edges (y)
}

// layout computes every coordinate the template draws.
func (c LineChart) layout() lcLayout {
	n := 0
	lo, hi := 0.0, 0.0
	if c.From > 0 && len(c.Series) > 0 { // 0 is on the axis only when the lines start there
		lo, hi = c.Series[0].Start, c.Series[0].Start
	}
	for _, s := range c.Series {
		n = max(n, len(s.Values))
		lo, hi = min(lo, s.Start), max(hi, s.Start)
		for _, v := range s.Values {
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	if c.HasTarget {
		lo, hi = min(lo, float64(c.Target)), max(hi, float64(c.Target))
	}
	yt := niceTicks(int(math.Floor(lo)), int(math.Ceil(hi)), 4)
	y := linScale{D0: yt[0], D1: yt[len(yt)-1], R0: lcHeight - lcBottom, R1: lcTop}
	x := linScale{D0: c.From, D1: c.From + max(n, 1), R0: lcLeft, R1: lcWidth - lcRight}
	l := lcLayout{
		Left: num(lcLeft), Right: num(lcWidth - lcRight), Top: num(lcTop), Bottom: num(lcHeight - lcBottom),
	}
	for _, v := range yt {
		l.YTicks = append(l.YTicks, lcTick{At: num(y.at(float64(v))), Label: minus(float64(v))})
	}
	every := max(1, (n+9)/10) // at most about ten x labels
	for i := c.From; i <= c.From+n; i += every {
		l.XTicks = append(l.XTicks, lcTick{At: num(x.at(float64(i))), Label: itoa(i)})
	}
	if c.HasTarget {
		l.TargetY = num(y.at(float64(c.Target)))
	}
	for k, s := range c.Series {
		if len(s.Values) == 0 {
			continue
		}
		xs, ys := []float64{x.at(float64(c.From))}, []float64{y.at(s.Start)}
		for i, v := range s.Values {
			xs, ys = append(xs, x.at(float64(c.From+i+1))), append(ys, y.at(v))
		}
		line := lcLine{Name: s.Name, Class: "s" + itoa(k%8), D: pathD(xs, ys)}
		for i := 1; i < len(xs) && n <= maxDots; i++ {
			line.Points = append(line.Points, lcPoint{X: num(xs[i]), Y: num(ys[i])})
		}
		l.Lines = append(l.Lines, line)
	}
	return l
}

// minus writes a number with a real minus sign (a half as .5).
func minus(v float64) string {
	if v < 0 {
		return "−" + strconv.FormatFloat(-v, 'f', -1, 64)
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// lineTextIn is the chart said in words, in ctx's language: where each
// line ends.
func lineTextIn(ctx context.Context, c LineChart) string {
	n := 0
	for _, s := range c.Series {
		n = max(n, len(s.Values))
	}
	parts := make([]string, 0, len(c.Series))
	for _, s := range c.Series {
		if len(s.Values) > 0 {
			parts = append(parts, s.Name+" "+minus(s.Values[len(s.Values)-1]))
		}
	}
	x := i18n.Say(ctx, c.XLabel)
	if !i18n.IsGerman(ctx) { // German nouns keep their capital
		x = strings.ToLower(x)
	}
	s := i18n.T(ctx, "After %s %d: %s.", x, c.From+n, strings.Join(parts, ", ")) // a long table's lines start at From
	if c.HasTarget {
		s += " " + i18n.T(ctx, "The game ends when a total reaches %d.", c.Target)
	}
	return s
}

// xNumbers are the x values 1..n of the data table.
func (c LineChart) xNumbers() []int {
	n := 0
	for _, s := range c.Series {
		n = max(n, len(s.Values))
	}
	out := make([]int, n)
	for i := range out {
		out[i] = c.From + i + 1
	}
	return out
}

// cell is series s's value at x, "–" when it has none.
func (c LineChart) cell(s Series, x int) string {
	if i := x - c.From - 1; i >= 0 && i < len(s.Values) {
		return minus(s.Values[i])
	}
	return "–"
}
