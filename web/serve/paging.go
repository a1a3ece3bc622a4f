package serve

import (
	"net/url"
	"strconv"

	"github.com/labstack/echo/v4"

	"tablemate/views"
)

// PageEnd reads which item a list's page ends at (?name=N, 1-based) and
// clamps it to 1…total; the newest item by default.
func PageEnd(c echo.Context, name string, total int) int {
	n, err := strconv.Atoi(c.QueryParam(name))
	if err != nil || n > total {
		return total
	}
	return max(n, min(1, total))
}

// Pager describes the part ending at end (size items) of a list of total
// items kept under the query parameter name, with links to the parts
// before and after it that keep the page's other parameters.
func Pager(c echo.Context, name string, end, size, total int, anchor string) views.Pager {
	p := views.Pager{From: max(1, end-size+1), To: end, Total: total, Open: c.QueryParam(name) != ""}
	link := func(at int) string {
		q := url.Values{}
		for k, v := range c.QueryParams() {
			if k != "done" { // a confirmation is said once
				q[k] = v
			}
		}
		q.Set(name, strconv.Itoa(at))
		return "?" + q.Encode() + "#" + anchor
	}
	if p.From > 1 {
		p.Older = link(p.From - 1)
	}
	if end < total {
		p.Newer = link(min(total, end+size))
	}
	return p
}

// ScoreText writes a score with a real minus sign, as the pages do.
func ScoreText(n int) string {
	if n < 0 {
		return "−" + strconv.Itoa(-n)
	}
	return strconv.Itoa(n)
}
