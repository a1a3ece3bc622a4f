package views

import (
	"strconv"
	"strings"
)

const (
	barLeft = 110 // px where the bars' area starts (the names stand left of it)
	barMax  = 200 // px of the bars' area
)

func barY(i int) int { return i * 32 }

func chartHeight(c BarChart) int { return len(c.Bars)*32 + 4 }

// barRange is the span the bars are drawn over: from the lowest value or
// zero to the highest value or zero, so a negative total draws a bar
// left of the zero line instead of none at all.
func barRange(c BarChart) (lo, hi float64) {
	for _, b := range c.Bars {
		lo, hi = min(lo, b.Value), max(hi, b.Value)
	}
	return lo, hi
}

// barZero is the x of the zero line. With a negative value it stands at
// least a shortest bar's length (2 px) right of the bars' area's start,
// so a small negative total's bar does not reach into the names.
func barZero(c BarChart) int {
	lo, hi := barRange(c)
	if hi-lo <= 0 {
		return barLeft
	}
	x := int(-lo * barMax / (hi - lo))
	if lo < 0 {
		x = max(x, minBar)
	}
	return barLeft + x
}

// minBar is the shortest bar of a value that is not zero.
const minBar = 2

// barWidth is the length of v's bar: at least 2 px for any value but
// zero, so a small score still shows.
func barWidth(c BarChart, v float64) int {
	lo, hi := barRange(c)
	if hi-lo <= 0 || v == 0 {
		return 0
	}
	if v < 0 {
		v = -v
	}
	return max(minBar, int(v*barMax/(hi-lo)))
}

// barX is where v's bar starts: at the zero line, or left of it by the
// bar's length for a negative value.
func barX(c BarChart, v float64) int {
	if v < 0 {
		return barZero(c) - barWidth(c, v)
	}
	return barZero(c)
}

// barTextX is where v's number is written: after a positive bar's end,
// or just right of the zero line for zero and negative values (their bar
// lies left of it).
func barTextX(c BarChart, v float64) int {
	if v > 0 {
		return barZero(c) + barWidth(c, v) + 4
	}
	return barZero(c) + 4
}

// barText writes a bar's value: a whole number, or a half (placing points
// shared by a tie).
func barText(v float64) string {
	if v < 0 {
		return "−" + strconv.FormatFloat(-v, 'f', -1, 64)
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// chartText is the chart said in words, for screen readers.
func chartText(c BarChart) string {
	parts := make([]string, len(c.Bars))
	for i, b := range c.Bars {
		parts[i] = b.Label + ": " + barText(b.Value)
	}
	return strings.Join(parts, "; ")
}
