package server

import (
	"context"
	"fmt"
	"net/url"
	"strconv"

	"github.com/labstack/echo/v4"

	"tablemate/sessions"
	"tablemate/views"
	"tablemate/views/i18n"
)

// A long table's page shows a part of each list — the newest games and
// the newest history entries — and links to the rest, so a page costs
// the same and weighs the same at game 1,000 as at game 10.
const (
	gamesPerPage = 20
	logPerPage   = 50
	chartGames   = 50 // the running-totals chart shows the newest this many games
)

// pageEnd reads which item a list's page ends at (?name=N, 1-based) and
// clamps it to 1…total; the newest item by default.
func pageEnd(c echo.Context, name string, total int) int {
	n, err := strconv.Atoi(c.QueryParam(name))
	if err != nil || n > total {
		return total
	}
	return max(n, min(1, total))
}

// pager describes the part ending at end (size items) of a list of total
// items kept under the query parameter name, with links to the parts
// before and after it that keep the page's other parameters.
func pager(c echo.Context, name string, end, size, total int, anchor string) views.Pager {
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

// gameRows is the page of the games table asked for (?games=N: the
// games up to N), oldest first.
func gameRows(c echo.Context, t sessions.Table) ([]views.GameRow, views.Pager) {
	p := pager(c, "games", pageEnd(c, "games", len(t.Games)), gamesPerPage, len(t.Games), "games")
	var rows []views.GameRow
	for _, g := range t.Games[p.From-1 : p.To] {
		rows = append(rows, gameRow(c, t, g))
	}
	return rows, p
}

// gameRow is one line of the games table: every player's total and how
// the result stands, from the game's record.
func gameRow(c echo.Context, t sessions.Table, g sessions.Game) views.GameRow {
	r := g.Record
	row := views.GameRow{Number: r.Number, Title: gameName(c, g), Winners: r.Winners, Status: gameStatus(r)}
	for _, p := range t.Players {
		if s, ok := r.Seat(p); ok {
			row.Totals = append(row.Totals, fmt.Sprint(s.Score))
		} else {
			row.Totals = append(row.Totals, "–")
		}
	}
	return row
}

// logPage is the page of the table's history asked for (?log=S: the
// entries from S back), newest first, in the reader's language. The
// newest page is built once per version of the table and language.
func logPage(c echo.Context, t sessions.Table) ([]views.LogRow, views.Pager) {
	ctx := c.Request().Context()
	end := pageEnd(c, "log", t.Head)
	p := pager(c, "log", end, logPerPage, t.Head, "history")
	if end == t.Head {
		lang := i18n.Code(i18n.Lang(ctx))
		return t.Derived("log/"+lang, func() any { return logRows(ctx, t, p.From, p.To) }).([]views.LogRow), p
	}
	return logRows(ctx, t, p.From, p.To), p
}

// logRows is the table's history from entry to back to entry from,
// newest first, in ctx's language.
func logRows(ctx context.Context, t sessions.Table, from, to int) []views.LogRow {
	rows := make([]views.LogRow, 0, to-from+1)
	for seq := to; seq >= from; seq-- {
		e, _ := t.Entry(seq)
		rows = append(rows, views.LogRow{Seq: e.Seq, Text: timelineText(ctx, t, e.Event), At: e.At.Local().Format("15:04:05"), Undone: t.UndoneBy(e.Seq) != 0})
	}
	return rows
}
