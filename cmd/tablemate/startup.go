package main

import (
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"slices"
	"strconv"
	"syscall"

	"github.com/boombuler/barcode/qr"
)

// startedByEnv names the variable make run sets (to "make run"), so
// that advice about the address speaks of make run's ADDR= rather than
// of -addr.
const startedByEnv = "TABLEMATE_STARTED_BY"

// addrSetting is how the person who started tablemate sets its address:
// with the -addr flag, or with make run's ADDR= when make run started it.
type addrSetting struct{ viaMake bool }

func addrSettingFromEnv() addrSetting {
	return addrSetting{viaMake: os.Getenv(startedByEnv) == "make run"}
}

// to is the advice to set the address to addr: "-addr :8081" or "make
// run ADDR=:8081".
func (s addrSetting) to(addr string) string {
	if s.viaMake {
		return "make run ADDR=" + addr
	}
	return "-addr " + addr
}

// listen binds the server's address, saying plainly what to do when it
// cannot.
func listen(addr string, how addrSetting) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, listenError(addr, err, how)
	}
	return ln, nil
}

func listenError(addr string, err error, how addrSetting) error {
	var bad *net.AddrError
	switch {
	case errors.Is(err, syscall.EADDRINUSE):
		return fmt.Errorf("cannot listen on %s: the address is already in use (another program, perhaps another tablemate, listens there); stop it or choose another port, e.g. %s", addr, how.to(freePortNear(addr)))
	case errors.Is(err, syscall.EACCES):
		return fmt.Errorf("cannot listen on %s: permission denied (ports below 1024 need root); choose a port such as %s", addr, how.to(withPort(addr, "8080")))
	case errors.Is(err, syscall.EADDRNOTAVAIL):
		return fmt.Errorf("cannot listen on %s: this computer has no such address; use %s for every network interface, or one of this computer's own addresses", addr, how.to(":8080"))
	case errors.As(err, &bad):
		return fmt.Errorf("%s is not an address to listen on (%s); write %s for every network interface or %s for this computer only", how.quoted(addr), bad.Err, how.to(":8080"), how.to("127.0.0.1:8080"))
	}
	return fmt.Errorf("cannot listen on %s: %w", addr, err)
}

// quoted names the address as it was given: -addr "8080" or ADDR="8080".
func (s addrSetting) quoted(addr string) string {
	if s.viaMake {
		return fmt.Sprintf("ADDR=%q", addr)
	}
	return fmt.Sprintf("-addr %q", addr)
}

// withPort is addr on another port, its host kept (so that advice for
// 127.0.0.1:80 stays on this computer).
func withPort(addr, port string) string {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		host = ""
	}
	return net.JoinHostPort(host, port)
}

// freePortNear is addr on the first port after its own that is free, on
// the same host (an address in use on 127.0.0.1 is not answered with
// every interface); port+1 when none of the next twenty is.
func freePortNear(addr string) string {
	_, p, err := net.SplitHostPort(addr)
	port, perr := strconv.Atoi(p)
	if err != nil || perr != nil || port == 0 {
		return withPort(addr, "8081")
	}
	for next := port + 1; next <= port+20 && next < 65536; next++ {
		try := withPort(addr, strconv.Itoa(next))
		if l, err := net.Listen("tcp", try); err == nil {
			l.Close()
			return try
		}
	}
	return withPort(addr, strconv.Itoa(port+1))
}

// reach is where a running server can be opened.
type reach struct {
	phones []string // URLs other devices on the network can open, best first
	local  string   // the URL for this computer
	// loopback is set when the server listens on this computer only.
	loopback bool
	port     string
	// public is the address phones open when serve was given
	// -public-url (a proxy or a name in front of it); phones then use
	// that and nothing else.
	public string
	// how is how the address is set, for the advice to change it.
	how addrSetting
}

// reachableAt works out where a server asked to listen on addr, and bound
// at bound, can be opened: every non-loopback address of this computer
// when it listens on all interfaces (from ifaceAddrs), else the address
// it was given.
func reachableAt(addr string, bound net.Addr, ifaceAddrs func() ([]net.Addr, error)) (reach, error) {
	host, port, _ := net.SplitHostPort(addr)
	if tcp, ok := bound.(*net.TCPAddr); ok {
		port = strconv.Itoa(tcp.Port) // the real one when addr asked for port 0
	}
	url := func(host string) string { return "http://" + net.JoinHostPort(host, port) }
	r := reach{port: port}
	ip := net.ParseIP(host)
	switch {
	case host == "localhost" || ip != nil && ip.IsLoopback():
		r.local, r.loopback = url(host), true
		return r, nil
	case host != "" && !ip.IsUnspecified():
		r.local, r.phones = url(host), []string{url(host)}
		return r, nil
	}
	r.local = url("localhost")
	addrs, err := ifaceAddrs()
	var ips []net.IP
	for _, a := range addrs {
		var ip net.IP
		switch a := a.(type) {
		case *net.IPNet:
			ip = a.IP
		case *net.IPAddr:
			ip = a.IP
		}
		// A link-local IPv6 address needs its interface named in the URL,
		// which phones' browsers do not take.
		if ip == nil || ip.IsLoopback() || ip.IsUnspecified() || ip.IsMulticast() || ip.To4() == nil && ip.IsLinkLocalUnicast() {
			continue
		}
		ips = append(ips, ip)
	}
	slices.SortStableFunc(ips, func(a, b net.IP) int { return addrRank(a) - addrRank(b) })
	for _, ip := range ips {
		r.phones = append(r.phones, url(ip.String()))
	}
	return r, err
}

// addrRank puts the addresses a home or café Wi-Fi hands out first, so
// the QR code shows the likeliest one; container bridges (172.17…) and
// public addresses come later.
func addrRank(ip net.IP) int {
	v4 := ip.To4()
	switch {
	case v4 == nil && ip.IsPrivate():
		return 5
	case v4 == nil:
		return 6
	case v4[0] == 192 && v4[1] == 168:
		return 0
	case v4[0] == 10:
		return 1
	case v4[0] == 172 && v4[1]&0xf0 == 16:
		return 2
	case v4.IsLinkLocalUnicast():
		return 4
	}
	return 3
}

// upInterfaceAddrs lists the addresses of the network interfaces that are
// up, loopback excluded.
func upInterfaceAddrs() ([]net.Addr, error) {
	ifaces, err := net.Interfaces()
	if err != nil {
		return nil, err
	}
	var out []net.Addr
	for _, ifc := range ifaces {
		if ifc.Flags&net.FlagUp == 0 || ifc.Flags&net.FlagLoopback != 0 {
			continue
		}
		addrs, err := ifc.Addrs()
		if err != nil {
			continue
		}
		out = append(out, addrs...)
	}
	return out, nil
}

// write prints where to open the app, and the QR code of the first
// address phones can use (colour sets the terminal's colours for it).
func (r reach) write(w io.Writer, withQR, colour bool) {
	switch {
	case r.public != "":
		where := ""
		if r.loopback {
			where = ", for this computer only"
		}
		fmt.Fprintf(w, "Tablemate is running at %s%s. Phones open its public address (-public-url):\n  %s\n", r.local, where, r.public)
		r.qr(w, r.public, withQR, colour)
		fmt.Fprintf(w, "If a phone cannot connect, check that %s reaches this server: whatever answers there (a proxy, a router) passes requests on to %s.\n", r.public, r.local)
		return
	case r.loopback:
		fmt.Fprintf(w, "Tablemate is running at %s, for this computer only: phones cannot reach it.\n", r.local)
		fmt.Fprintf(w, "To let phones on the same Wi-Fi join, %s instead; behind a proxy, give the address phones open with %s.\n", r.how.serveWith(":"+r.port), r.how.publicURL())
		return
	case len(r.phones) == 0:
		fmt.Fprintf(w, "Tablemate is running at %s.\n", r.local)
		fmt.Fprintln(w, "This computer has no network address that phones could use: connect it to the Wi-Fi the phones use and start tablemate again.")
		return
	}
	fmt.Fprintln(w, "Tablemate is running. Phones on the same Wi-Fi or network open:")
	for _, u := range r.phones {
		fmt.Fprintf(w, "  %s\n", u)
	}
	if r.local != r.phones[0] {
		fmt.Fprintf(w, "On this computer: %s\n", r.local)
	}
	r.qr(w, r.phones[0], withQR, colour)
	fmt.Fprintf(w, "If a phone cannot connect, check that it is on the same network and that no firewall blocks port %s.\n", r.port)
}

// qr draws url's QR code (unless -qr=false), with a line saying so.
func (r reach) qr(w io.Writer, url string, withQR, colour bool) {
	if !withQR {
		return
	}
	fmt.Fprintln(w)
	if err := drawQR(w, url, colour); err == nil {
		fmt.Fprintf(w, "Scan the code with a phone's camera to open %s\n", url)
	}
}

// publicURL is how the address phones open is given: -public-url, or
// under make run the variable the flag's default comes from.
func (s addrSetting) publicURL() string {
	if s.viaMake {
		return "TABLEMATE_PUBLIC_URL=https://… make run"
	}
	return "-public-url"
}

// serveWith is the advice to serve on addr: "serve with -addr :8080" or
// "run make run ADDR=:8080".
func (s addrSetting) serveWith(addr string) string {
	if s.viaMake {
		return "run " + s.to(addr)
	}
	return "serve with " + s.to(addr)
}

// qrQuiet is the light margin around a terminal QR code, in modules: the
// terminal around it is dark, so the margin must be drawn.
const qrQuiet = 2

// drawQR draws text's QR code with half-block characters, two rows of
// modules per line of text. Light modules are the drawn ones, so the code
// reads right on the usual dark terminal; colour forces white on black
// with ANSI colours, for light terminals too.
func drawQR(w io.Writer, text string, colour bool) error {
	code, err := qr.Encode(text, qr.M, qr.Auto)
	if err != nil {
		return fmt.Errorf("qr code: %w", err)
	}
	n := code.Bounds().Dx()
	light := func(x, y int) bool {
		if y >= n+qrQuiet {
			return false // below the code: the terminal's own background
		}
		if x < 0 || y < 0 || x >= n || y >= n {
			return true
		}
		r, _, _, _ := code.At(x, y).RGBA()
		return r != 0
	}
	line := make([]byte, 0, 3*(n+2*qrQuiet)+16)
	for y := -qrQuiet; y < n+qrQuiet; y += 2 {
		line = line[:0]
		if colour {
			line = append(line, "\x1b[97;40m"...)
		}
		for x := -qrQuiet; x < n+qrQuiet; x++ {
			line = append(line, halfBlock(light(x, y), light(x, y+1))...)
		}
		if colour {
			line = append(line, "\x1b[0m"...)
		}
		line = append(line, '\n')
		if _, err := w.Write(line); err != nil {
			return err
		}
	}
	return nil
}

func halfBlock(top, bottom bool) string {
	switch {
	case top && bottom:
		return "█"
	case top:
		return "▀"
	case bottom:
		return "▄"
	}
	return " "
}

// colorTerminal reports whether w is a terminal that takes colours
// (NO_COLOR, https://no-color.org, turns them off).
func colorTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok || os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb" {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
