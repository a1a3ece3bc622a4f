package server

import "tablemate/web/leagues"

// The areas' numbers the server's tests count with.
const leaguePerPage = leagues.TablesPerPage
