package main

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/boombuler/barcode/qr"
	"github.com/labstack/echo/v4"

	"tablemate/sessions"
	"tablemate/views"
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

// shareVM builds the invite links of a table from the request's host.
func shareVM(c echo.Context, t sessions.Table) *views.ShareVM {
	origin := c.Scheme() + "://" + c.Request().Host
	return &views.ShareVM{EditURL: origin + "/tables/" + t.ID, ViewURL: origin + "/v/" + t.ReadID, QRURL: "/tables/" + t.ID + "/qr.svg"}
}

// showQR draws the QR code of a table's edit link as an SVG image. It is
// its own cacheable URL so drawing it costs the table page nothing.
func (a *app) showQR(c echo.Context) error {
	t, err := a.loadTable(c)
	if err != nil {
		return err
	}
	code, err := qrCode(shareVM(c, t).EditURL)
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderCacheControl, "private, max-age=86400")
	return renderAs(c, http.StatusOK, "image/svg+xml", views.QRImage(code))
}

// loadReadOnly loads the table behind a read-only link.
func (a *app) loadReadOnly(c echo.Context) (sessions.Table, error) {
	t, err := a.tables.ReadOnly(c.Request().Context(), c.Param("rid"))
	if errors.Is(err, sessions.ErrNotFound) {
		return t, echo.ErrNotFound
	}
	return t, err
}

// showReadOnly renders a table for spectators: live, without any form.
func (a *app) showReadOnly(c echo.Context) error {
	t, err := a.loadReadOnly(c)
	if err != nil {
		return err
	}
	vm := tableVM(c, t, "", "")
	vm.ReadOnly, vm.Base, vm.Share, vm.UndoLabel = true, "/v/"+t.ReadID, nil, ""
	vm.Form = views.Form{}
	return render(c, http.StatusOK, views.TablePage(vm))
}

// showReadOnlyGame renders one game's result for spectators.
func (a *app) showReadOnlyGame(c echo.Context) error {
	t, err := a.loadReadOnly(c)
	if err != nil {
		return err
	}
	vm, err := gameResultVM(c, t)
	if err != nil {
		return err
	}
	vm.EditURL, vm.BackURL = "", "/v/"+t.ReadID
	return render(c, http.StatusOK, views.ResultPage(vm))
}

// streamReadOnly is the live stream behind a read-only link.
func (a *app) streamReadOnly(c echo.Context) error {
	t, err := a.loadReadOnly(c)
	if err != nil {
		return err
	}
	return a.stream(c, t.ID)
}
