package views

import (
	"bytes"
	"context"
	"strconv"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"tablemate/scoring"
)

// drawnBars renders c and returns each bar's x and width as drawn.
func drawnBars(t *testing.T, c BarChart) (xs, widths []int, axis bool) {
	t.Helper()
	var buf bytes.Buffer
	if err := Bars(c).Render(context.Background(), &buf); err != nil {
		t.Fatal(err)
	}
	doc, err := goquery.NewDocumentFromReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	doc.Find("rect.bar").Each(func(_ int, s *goquery.Selection) {
		x, _ := strconv.Atoi(s.AttrOr("x", ""))
		w, _ := strconv.Atoi(s.AttrOr("width", ""))
		xs, widths = append(xs, x), append(widths, w)
	})
	return xs, widths, doc.Find("line.axis").Length() == 1
}

// A bar's length follows its value on one scale, and a negative total
// draws left of a zero line rather than not at all.
func TestBarsDrawNegativeTotals(t *testing.T) {
	xs, ws, axis := drawnBars(t, BarChart{Title: scoring.Verbatim("t"), Bars: []Bar{{Label: "Ana", Value: 30}, {Label: "Ben", Value: 0}, {Label: "Cy", Value: -10}}})
	if !axis {
		t.Error("no zero line with a negative total")
	}
	zero := xs[0]
	if ws[0] != 150 || ws[1] != 0 || ws[2] != 50 {
		t.Errorf("widths %v, want [150 0 50] (30 and −10 over a span of 40 in 200 px)", ws)
	}
	if xs[1] != zero || xs[2] != zero-50 {
		t.Errorf("bars start at %v: the negative one must end at the zero line %d", xs, zero)
	}
	if zero != barLeft+50 {
		t.Errorf("zero line at %d, want %d", zero, barLeft+50)
	}

	xs, ws, _ = drawnBars(t, BarChart{Title: scoring.Verbatim("t"), Bars: []Bar{{Label: "Ana", Value: -4}, {Label: "Ben", Value: -8}}})
	if ws[0] != 100 || ws[1] != 200 || xs[1] != barLeft || xs[0] != barLeft+100 {
		t.Errorf("all negative: x %v widths %v, want x [210 110] widths [100 200]", xs, ws)
	}

	xs, ws, axis = drawnBars(t, BarChart{Title: scoring.Verbatim("t"), Bars: []Bar{{Label: "Ana", Value: 1.5}, {Label: "Ben", Value: 6}}})
	if axis || xs[0] != barLeft || ws[1] != barMax || ws[0] != 50 {
		t.Errorf("all positive: x %v widths %v axis %v, want bars from %d, the longest %d px, no zero line", xs, ws, axis, barLeft, barMax)
	}

	// A negative total that is tiny beside the others still draws its
	// shortest bar inside the bars' area, not over the names.
	xs, ws, _ = drawnBars(t, BarChart{Title: scoring.Verbatim("t"), Bars: []Bar{{Label: "Ana", Value: 1000}, {Label: "Ben", Value: -1}}})
	if ws[1] != 2 || xs[1] < barLeft || xs[1]+ws[1] != xs[0] {
		t.Errorf("a tiny negative beside 1000: x %v widths %v, want Ben's 2 px bar from %d or later, ending at the zero line", xs, ws, barLeft)
	}
}
