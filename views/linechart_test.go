package views

import (
	"bytes"
	"context"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"tablemate/scoring"
)

func TestLinScale(t *testing.T) {
	s := linScale{D0: 0, D1: 100, R0: 166, R1: 10}
	for _, tt := range []struct {
		v    int
		want float64
	}{{0, 166}, {100, 10}, {50, 88}, {-50, 244}} {
		if got := s.at(float64(tt.v)); got != tt.want {
			t.Errorf("at(%d) = %v, want %v", tt.v, got, tt.want)
		}
	}
	if got := (linScale{D0: 5, D1: 5, R0: 0, R1: 100}).at(5); got != 50 {
		t.Errorf("flat domain places at %v, want the middle 50", got)
	}
}

func TestNiceTicks(t *testing.T) {
	for _, tt := range []struct {
		lo, hi, limit int
		want          []int
	}{
		{0, 0, 4, []int{0, 1}},                     // flat series: still a span
		{0, 58, 4, []int{0, 20, 40, 60}},           // covers the top
		{-13, 120, 4, []int{-50, 0, 50, 100, 150}}, // negative totals
		{-7, -2, 4, []int{-8, -6, -4, -2}},         // all negative
		{0, 50, 4, []int{0, 20, 40, 60}},
	} {
		got := niceTicks(tt.lo, tt.hi, tt.limit)
		if !slices.Equal(got, tt.want) {
			t.Errorf("niceTicks(%d, %d, %d) = %v, want %v", tt.lo, tt.hi, tt.limit, got, tt.want)
		}
	}
}

func TestPathD(t *testing.T) {
	// Steps between the points rounded to tenths: 100.25 → 100.3, −3.46 → −3.5.
	if got := pathD([]float64{40, 100.25, 160, 160.5}, []float64{166, 120, -3.46, 0}); got != "M40 166l60.3-46l59.7-123.5l.5 3.5" {
		t.Errorf("pathD = %q", got)
	}
	if got := pathD(nil, nil); got != "" {
		t.Errorf("empty pathD = %q", got)
	}
}

func render(t *testing.T, c LineChart) (string, *goquery.Document) {
	t.Helper()
	var b bytes.Buffer
	if err := Lines(c).Render(context.Background(), &b); err != nil {
		t.Fatal(err)
	}
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	return b.String(), doc
}

func TestLinesLayout(t *testing.T) {
	c := LineChart{ID: "totals", Title: scoring.Verbatim("Running totals"), XLabel: scoring.Verbatim("Game"), Series: []Series{
		{Name: "Ana", Values: []float64{58, 100}},
		{Name: "Ben", Values: []float64{-10, -10}},
	}}
	l := c.layout()
	if len(l.Lines) != 2 || len(l.Lines[0].Points) != 2 {
		t.Fatalf("layout lines: %+v", l.Lines)
	}
	// y ticks −50…100 (step 50): 0 is a third of the way up the plot.
	if l.YTicks[0].Label != "−50" || l.YTicks[len(l.YTicks)-1].Label != "100" {
		t.Errorf("y ticks %+v", l.YTicks)
	}
	// Every line starts at 0 on the left edge; Ana's ends at the top.
	bottom, top := float64(lcHeight-lcBottom), float64(lcTop)
	zero := bottom + (0+50)*(top-bottom)/150
	if want := "M40 " + num(zero); !strings.HasPrefix(l.Lines[0].D, want) {
		t.Errorf("Ana's path %q does not start at %q", l.Lines[0].D, want)
	}
	if last := l.Lines[0].Points[1]; last.X != num(lcWidth-lcRight) || last.Y != num(top) {
		t.Errorf("Ana's last point %+v, want the top right corner", last)
	}
	// Ben is below zero.
	if benY, _ := strconv.ParseFloat(l.Lines[1].Points[0].Y, 64); benY <= zero { // SVG y grows downwards
		t.Errorf("Ben's negative total is drawn at y=%s, not below 0 (y=%s)", l.Lines[1].Points[0].Y, num(zero))
	}

	html, doc := render(t, c)
	if doc.Find("svg title").Text() != "Running totals" || !strings.Contains(doc.Find("svg desc").Text(), "Ana 100, Ben −10") {
		t.Errorf("text alternative missing: %s", html)
	}
	if n := doc.Find("svg path.line").Length(); n != 2 {
		t.Errorf("%d lines drawn, want 2", n)
	}
	if got := doc.Find(`.sr-only table tbody tr`).Eq(1).Find("td").Last().Text(); got != "−10" {
		t.Errorf("data table: Ben after game 2 = %q", got)
	}
	if strings.Contains(html, "style=") {
		t.Error("the chart uses inline styles, which the CSP forbids")
	}
}

func TestLinesFlatSeriesAndTarget(t *testing.T) {
	c := LineChart{ID: "rounds", Title: scoring.Verbatim("Game 1"), XLabel: scoring.Verbatim("Round"), HasTarget: true, Target: 50,
		Series: []Series{{Name: "Ana", Values: []float64{0, 0, 0}}}}
	_, doc := render(t, c)
	d, _ := doc.Find("path.line").Attr("d")
	if strings.Contains(d, "NaN") || strings.Count(d, "l") != 3 {
		t.Errorf("flat series path %q", d)
	}
	ys := map[string]bool{}
	doc.Find("circle.dot").Each(func(_ int, s *goquery.Selection) { y, _ := s.Attr("cy"); ys[y] = true })
	if len(ys) != 1 {
		t.Errorf("a flat series is drawn at %d heights", len(ys))
	}
	if doc.Find(`[data-testid="target-line"]`).Length() != 1 {
		t.Error("no target line")
	}
	if !strings.Contains(doc.Find("desc").Text(), "reaches 50") {
		t.Error("the description does not mention the target")
	}
}

func TestLinesEmptyRendersNothing(t *testing.T) {
	for _, c := range []LineChart{{}, {Title: scoring.Verbatim("x"), Series: []Series{{Name: "Ana"}}}} {
		if html, _ := render(t, c); strings.TrimSpace(html) != "" {
			t.Errorf("empty chart rendered %q", html)
		}
	}
}

// A line's path steps from point to point (relative "l" commands after
// the first "M"), and summed up the steps land on each point's dot; a
// line of more points than maxDots is drawn without dots.
func TestLinesRelativePathHitsEveryPoint(t *testing.T) {
	values := []float64{3, -7, 12, 12, 40, 38, -1, 55}
	_, doc := render(t, LineChart{ID: "totals", Title: scoring.Verbatim("Totals"), XLabel: scoring.Verbatim("Game"), Series: []Series{{Name: "Ana", Values: values}}})
	d := doc.Find("path.line").AttrOr("d", "")
	var dots [][2]float64
	doc.Find("circle.dot").Each(func(_ int, s *goquery.Selection) {
		x, _ := strconv.ParseFloat(s.AttrOr("cx", ""), 64)
		y, _ := strconv.ParseFloat(s.AttrOr("cy", ""), 64)
		dots = append(dots, [2]float64{x, y})
	})
	points := walkPath(t, d)
	if len(points) != len(values)+1 || len(dots) != len(values) {
		t.Fatalf("path %q has %d points and %d dots, want %d and %d", d, len(points), len(dots), len(values)+1, len(values))
	}
	for i, dot := range dots {
		if p := points[i+1]; math.Abs(p[0]-dot[0]) > 1e-9 || math.Abs(p[1]-dot[1]) > 1e-9 {
			t.Errorf("point %d of %q is at %v, its dot at %v", i+1, d, p, dot)
		}
	}

	long := make([]float64, maxDots+1)
	for i := range long {
		long[i] = float64(i * 7 % 23)
	}
	_, doc = render(t, LineChart{ID: "totals", Title: scoring.Verbatim("Totals"), XLabel: scoring.Verbatim("Game"), Series: []Series{{Name: "Ana", Values: long}}})
	if n := doc.Find("circle.dot").Length(); n != 0 {
		t.Errorf("a line of %d points has %d dots", len(long), n)
	}
	if got := walkPath(t, doc.Find("path.line").AttrOr("d", "")); len(got) != len(long)+1 {
		t.Errorf("a line of %d points has a path of %d", len(long), len(got))
	}
}

// walkPath reads a path of one "M x y" and "l dx dy" steps into its
// absolute points, counting in tenths as the chart writes them.
func walkPath(t *testing.T, d string) [][2]float64 {
	t.Helper()
	nums := regexp.MustCompile(`-?(\d+\.?\d*|\.\d+)`)
	cmds := regexp.MustCompile(`[Ml][^Ml]*`).FindAllString(d, -1)
	var out [][2]float64
	var x, y float64
	for i, c := range cmds {
		xy := nums.FindAllString(c[1:], -1)
		if len(xy) != 2 || (i == 0) != (c[0] == 'M') {
			t.Fatalf("path %q: command %q", d, c)
		}
		dx, _ := strconv.ParseFloat(xy[0], 64)
		dy, _ := strconv.ParseFloat(xy[1], 64)
		if c[0] == 'M' {
			x, y = dx, dy
		} else {
			x, y = math.Round((x+dx)*10)/10, math.Round((y+dy)*10)/10
		}
		out = append(out, [2]float64{x, y})
	}
	return out
}
