package league

import "slices"

// Range is a run of totals, From to To (both included), and how many
// games' totals fell in it.
type Range struct {
	From  int `json:"from"`
	To    int `json:"to"`
	Count int `json:"count"`
}

// maxRanges is how many ranges Ranges makes at most.
const maxRanges = 8

// Ranges counts totals in ranges of a round width (1, 2, 5, 10, 20, 50
// …) chosen so there are at most maxRanges, from the lowest total's
// range to the highest's, empty ranges between included.
func Ranges(totals []int) []Range {
	if len(totals) == 0 {
		return nil
	}
	lo, hi := slices.Min(totals), slices.Max(totals)
	width := 1
	for (hi-lo)/width >= maxRanges {
		width = nextWidth(width)
	}
	var out []Range
	for from := floorTo(lo, width); from <= hi; from += width {
		r := Range{From: from, To: from + width - 1}
		for _, t := range totals {
			if t >= r.From && t <= r.To {
				r.Count++
			}
		}
		out = append(out, r)
	}
	return out
}

// nextWidth walks the 1-2-5 sequence: 1, 2, 5, 10, 20, 50, 100 …
func nextWidth(w int) int {
	for scale := 1; ; scale *= 10 {
		for _, nice := range []int{1, 2, 5} {
			if nice*scale > w {
				return nice * scale
			}
		}
	}
}

// floorTo rounds down to a multiple of w, also for negative totals.
func floorTo(v, w int) int {
	if v >= 0 {
		return v / w * w
	}
	return -((-v + w - 1) / w * w)
}
