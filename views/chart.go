package views

import (
	"strconv"
	"strings"
)

const barMax = 200 // px of the longest bar

func barY(i int) int { return i * 32 }

func chartHeight(c BarChart) int { return len(c.Bars)*32 + 4 }

func barWidth(c BarChart, v float64) int {
	top := 0.0
	for _, b := range c.Bars {
		top = max(top, b.Value)
	}
	if top <= 0 || v <= 0 {
		return 0
	}
	return max(2, int(v*barMax/top))
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
