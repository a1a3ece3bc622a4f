package server

import (
	"tablemate/web/leagues"
	"tablemate/web/table"
)

// The areas' numbers the server's tests count with.
const leaguePerPage = leagues.TablesPerPage

// A long table's page shows the newest games and history entries
// (web/table).
const (
	gamesPerPage = table.GamesPerPage
	logPerPage   = table.LogPerPage
	chartGames   = table.ChartGames
)
