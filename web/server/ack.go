package server

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"tablemate/web/tablepage"
)

// The acknowledgement of a recorded entry and the name of a refusal
// live with the answer of a write (web/tablepage's write.go); the
// server's middleware and its tests call them by these names.
const (
	HeaderRecorded  = tablepage.HeaderRecorded
	headerOutbox    = tablepage.HeaderOutbox
	HeaderRefused   = tablepage.HeaderRefused
	refusedUsed     = tablepage.RefusedUsed
	refusedConflict = tablepage.RefusedConflict
)

// nameRefusals marks every 409 answer to a write with HeaderRefused:
// "conflict" unless the answer named itself "used" already (answerTruly).
// It is a hook on the answer, so no handler that answers 409 can forget
// it.
func nameRefusals(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if isWrite(c) {
			res := c.Response()
			res.Before(func() {
				if res.Status == http.StatusConflict && res.Header().Get(HeaderRefused) == "" {
					res.Header().Set(HeaderRefused, refusedConflict)
				}
			})
		}
		return next(c)
	}
}
