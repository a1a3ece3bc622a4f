package serve

import "github.com/labstack/echo/v4"

// CSRFCookie is the cookie that holds a browser's form token (web/server's
// CSRF check sets it; an import checks it before reading its file).
const CSRFCookie = "tm_csrf"

// guarded is a request body web/server bounds (its bodies.go): it says
// why it was refused (a 413 or a 408), and can be told to drain little.
type guarded interface {
	Refused() *PlainError
	DrainLittle()
}

// BodyRefused is why the request's body was refused (a 413 or a 408), or
// nil: a handler that reads its body as a stream and answers a failed
// read itself (an import) asks this first.
func BodyRefused(c echo.Context) *PlainError {
	if b, ok := c.Request().Body.(guarded); ok {
		return b.Refused()
	}
	return nil
}

// QuickRefusal closes the connection after an import refused before its
// file was read, reading little of what the client still sends (enough
// for a small form to see the answer), not the import's whole allowance.
func QuickRefusal(c echo.Context) {
	if b, ok := c.Request().Body.(guarded); ok {
		b.DrainLittle()
	}
	c.Response().Header().Set(echo.HeaderConnection, "close")
}
