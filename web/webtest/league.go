package webtest

import (
	"context"
	"strings"

	"tablemate/sessions"
)

// League loads a league straight from the app's store by its admin path,
// "/l/<admin link>".
func (ts *Server) League(admin string) sessions.League {
	ts.T.Helper()
	l, err := ts.app.Tables().LeagueByAdmin(context.Background(), strings.TrimPrefix(admin, "/l/"))
	if err != nil {
		ts.T.Fatal(err)
	}
	return l
}

// Tables are the app's tables, for a test that stores a fixture straight
// through them (areatest's ImportJSON).
func (ts *Server) Tables() *sessions.Tables { return ts.app.Tables() }
