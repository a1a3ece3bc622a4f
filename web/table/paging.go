package table

import (
	"github.com/labstack/echo/v4"

	"tablemate/sessions"
	"tablemate/views"
	"tablemate/web/serve"
	"tablemate/web/tablepage"
)

// A long table's page shows a part of each list — the newest games and
// the newest history entries — and links to the rest, so a page costs
// the same and weighs the same at game 1,000 as at game 10.
const (
	GamesPerPage = 20
	LogPerPage   = 50
	ChartGames   = 50 // the running-totals chart shows the newest this many games
)

// gameRows is the page of the games table asked for (?games=N: the
// games up to N), oldest first.
func gameRows(c echo.Context, t sessions.Table) ([]views.GameRow, views.Pager) {
	p := serve.Pager(c, "games", serve.PageEnd(c, "games", t.Games.Len()), GamesPerPage, t.Games.Len(), "games")
	var rows []views.GameRow
	for _, g := range t.Games.Between(p.From-1, p.To) {
		rows = append(rows, gameRow(c, t, g))
	}
	return rows, p
}

// gameRow is one line of the games table: every player's total and how
// the result stands, from the game's record.
func gameRow(c echo.Context, t sessions.Table, g sessions.Game) views.GameRow {
	r := g.Record
	row := views.GameRow{Number: r.Number, Title: tablepage.GameName(g), Winners: r.Winners, Status: tablepage.Status(r)}
	for _, p := range t.Players {
		if s, ok := r.Seat(p); ok {
			row.Totals = append(row.Totals, views.Score(s.Score))
		} else {
			row.Totals = append(row.Totals, "–")
		}
	}
	return row
}

// logPage is the page of the table's history asked for (?log=S: the
// entries from S back), newest first, its sentences said when the page
// is rendered. The newest page is built once per version of the table.
func logPage(c echo.Context, t sessions.Table) ([]views.LogRow, views.Pager) {
	end := serve.PageEnd(c, "log", t.Head)
	p := serve.Pager(c, "log", end, LogPerPage, t.Head, "history")
	if end == t.Head {
		return t.Derived("log", func() any { return logRows(t, p.From, p.To) }).([]views.LogRow), p
	}
	return logRows(t, p.From, p.To), p
}

// logRows is the table's history from entry to back to entry from,
// newest first.
func logRows(t sessions.Table, from, to int) []views.LogRow {
	rows := make([]views.LogRow, 0, to-from+1)
	for seq := to; seq >= from; seq-- {
		e, _ := t.Entry(seq)
		rows = append(rows, views.LogRow{Seq: e.Seq, Text: tablepage.LogText(t, e.Event), At: e.At.Local().Format("15:04:05"), Undone: t.UndoneBy(e.Seq) != 0})
	}
	return rows
}
