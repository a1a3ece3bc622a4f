package server

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/boombuler/barcode/qr"
	"github.com/labstack/echo/v4"

	"tablemate/views"
	"tablemate/web/tablepage"
)

// qrCode encodes text as a QR code drawn as one SVG path (a unit square
// per dark module), so the page needs no image file and no script.
func qrCode(text string) (views.QRCode, error) {
	code, err := qr.Encode(text, qr.M, qr.Auto)
	if err != nil {
		return views.QRCode{}, fmt.Errorf("qr code: %w", err)
	}
	size := code.Bounds().Dx()
	var d strings.Builder
	for y := range size {
		for x := range size {
			if r, _, _, _ := code.At(x, y).RGBA(); r == 0 {
				fmt.Fprintf(&d, "M%d %dh1v1h-1z", x, y)
			}
		}
	}
	return views.QRCode{Path: d.String(), Size: size}, nil
}

// showQR draws the QR code of the edit link in the URL: the invite panel
// shows it only when asked. Like every answer behind a link it is not
// stored (no-store), so a replaced link's code does not linger.
func (a *App) showQR(c echo.Context) error {
	if _, err := a.loadTable(c); err != nil {
		return err
	}
	return a.qrAnswer(c, editBase(c))
}

// showViewQR draws the QR code of a view-only link.
func (a *App) showViewQR(c echo.Context) error {
	v, err := a.openView(c)
	if err != nil {
		return err
	}
	return a.qrAnswer(c, v.Base())
}

// showViewGameQR draws the QR code of a game's result behind a view-only
// link (the "Share the result" panel shows it where the phone has no
// share sheet).
func (a *App) showViewGameQR(c echo.Context) error {
	v, err := a.openView(c)
	if err != nil {
		return err
	}
	g, err := tablepage.Game(c, v.Table)
	if err != nil {
		return err
	}
	return a.qrAnswer(c, fmt.Sprintf("%s/games/%d", v.Base(), g.Number))
}

// showLeagueQR draws the QR code of a league's standings link.
func (a *App) showLeagueQR(c echo.Context) error {
	l, err := a.loadLeague(c)
	if err != nil {
		return err
	}
	return a.qrAnswer(c, "/leagues/"+l.ID)
}

// showAdminQR draws the QR code of a league's admin link.
func (a *App) showAdminQR(c echo.Context) error {
	if _, err := a.loadLeagueAdmin(c); err != nil {
		return err
	}
	return a.qrAnswer(c, "/l/"+c.Param("admin"))
}

// qrAnswer answers with the QR code of path on the server's public
// address (site.origin), as an SVG image.
func (a *App) qrAnswer(c echo.Context, path string) error {
	code, err := qrCode(a.site.origin(c.Request()) + path)
	if err != nil {
		return err
	}
	return renderAs(c, http.StatusOK, "image/svg+xml", views.QRImage(code))
}

// shareOf is one link to pass on: its absolute URL on the server's public
// address and its QR code image, both on path.
func (a *App) shareOf(c echo.Context, id, label, hint, path, title string) views.ShareLink {
	return views.ShareLink{ID: id, Label: label, Hint: hint, URL: a.site.origin(c.Request()) + path, QRURL: path + "/qr.svg", Title: title}
}
