package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"time"

	"tablemate/scoring"
	"tablemate/sessions"
	"tablemate/web/api"
	"tablemate/web/games"
	"tablemate/web/server"
)

func serveCmd(ctx context.Context, args []string, std stdio) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	addr := fs.String("addr", server.EnvOr("TABLEMATE_ADDR", ":8080"), "the `address` to listen on: \":8080\" is every network interface, so phones on the same Wi-Fi can join; \"127.0.0.1:8080\" is this computer only. The environment variable TABLEMATE_ADDR sets the default")
	db := dbFlag(fs)
	writeRate := fs.Float64("write-rate", 10, "allow each phone (client address) `n` form posts per second after a short burst; more get a page asking to wait a few seconds, and nothing is lost (0 = no limit)")
	bodyTimeout := fs.Duration("body-timeout", server.DefaultBodyTimeout, "how long a request body may take to arrive once its headers are in, a `duration` such as 45s or 2m; a slower body is refused (408) and nothing is saved")
	perClient := fs.Int("live-per-client", server.DefaultStreamsPerClient, "at most `n` live streams (open pages following a table) from one client address; an IPv6 client counts as its /64. More are refused (503) and the page tries again later")
	perTable := fs.Int("live-per-table", server.DefaultStreamsPerTable, "at most `n` live streams on one table, whichever link they came through")
	liveMax := fs.Int("live-max", server.DefaultStreamsTotal, "at most `n` live streams in all, and at most half the open-file limit (serve raises that to its hard limit at start)")
	gc := addGCFlags(fs)
	showQR := fs.Bool("qr", true, "draw a QR code of the first address phones can use at start-up (-qr=false leaves it out)")
	checkDB := fs.Bool("check-db", true, "check an SQLite database at start with PRAGMA quick_check (reads the whole file, a few seconds per gigabyte) and refuse a damaged one; -check-db=false skips it for a huge file")
	siteOpts := server.AddSiteFlags(fs)
	tlsOpts := addTLSFlags(fs)
	if _, err := parseArgs(fs, args, "serve", std.out); err != nil {
		return err
	}
	spec, _ := findCommand("serve")
	if msg := tlsOpts.check(); msg != "" {
		return newUsageError(spec, fs, msg)
	}
	if tlsOpts.acme() && !flagGiven(fs, "addr") && os.Getenv("TABLEMATE_ADDR") == "" {
		*addr = ":443" // Let's Encrypt's certificates are for the default port
	}
	if *perClient < 1 || *perTable < 1 || *liveMax < 1 {
		return newUsageError(spec, fs, "-live-per-client, -live-per-table and -live-max must be at least 1")
	}
	if *bodyTimeout <= 0 {
		return newUsageError(spec, fs, "-body-timeout must be more than 0")
	}
	gcPercent, memLimit, err := gc.apply()
	if err != nil {
		return newUsageError(spec, fs, err.Error())
	}
	log := newLogger(std.err)
	openFiles, err := raiseOpenFileLimit()
	if err != nil {
		log.Warn("could not raise the open-file limit", "err", err, "limit", openFiles)
	}
	total := server.StreamTotalFor(openFiles, *liveMax)
	if total < *liveMax {
		log.Warn("fewer live streams than -live-max: the open-file limit is too low", "live_max", total, "open_files", openFiles)
	}
	// Bind first: a port in use or a bad address fails here, before the
	// database is created or opened and before "serving" is logged.
	how := addrSettingFromEnv()
	ln, err := listen(*addr, how)
	if err != nil {
		return err
	}
	site, err := server.NewSite(siteOpts, ln.Addr())
	if err != nil {
		ln.Close()
		return err
	}
	store, err := openServed(ctx, *db, *checkDB)
	if err != nil {
		ln.Close()
		return err
	}
	defer store.Close()
	https, err := tlsOpts.setup(*db, time.Now(), upInterfaceAddrs)
	if err != nil {
		ln.Close()
		return err
	}

	a := server.NewApp(store, log)
	a.SetWriteRate(*writeRate)
	if https.on() {
		site.ServeTLS(https.trusted)
	}
	a.SetSite(site)
	a.SetStreamCaps(*perClient, *perTable, total)
	a.SetBodyTimeout(*bodyTimeout)
	// Live pages follow the writes of other servers on the same database
	// too; stopped (and waited for) before the store closes.
	followCtx, stopFollowing := context.WithCancel(ctx)
	following := a.Follow(followCtx)
	defer func() { stopFollowing(); <-following }()
	srv := a.HTTPServer("")
	srv.RegisterOnShutdown(a.EndStreams) // end live streams so shutdown does not wait on them
	errc := make(chan error, 1)
	go func() { errc <- https.serve(srv, ln) }()
	defer https.startRedirect(log)()
	log.Info("tablemate serving", "addr", ln.Addr().String(), "db", sessions.Redact(*db), "share_links", site.Describe(),
		"open_files", openFiles, "live_per_client", *perClient, "live_per_table", *perTable, "live_max", total,
		"gc_percent", gcPercent, "memory_limit", memoryLimitText(memLimit))
	where, err := reachableAt(*addr, ln.Addr(), upInterfaceAddrs)
	if err != nil {
		log.Warn("could not list this computer's network addresses", "err", err)
	}
	where = https.reachOver(where)
	where.how = how
	if public := fs.Lookup("public-url").Value.String(); public != "" {
		where.public = strings.TrimSuffix(public, "/")
	}
	where.write(std.out, *showQR, colorTerminal(std.out))
	https.write(std.out, where)
	writeFeatures(std.out, where, https)
	select {
	case err := <-errc:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	log.Info("shutting down: finishing requests in flight")
	shutdown, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	// Snapshots of the tables that moved on, so the next start does not
	// replay them (a cache: failing to write one loses nothing).
	if err := a.SaveSnapshots(shutdown); err != nil {
		log.Warn("could not write every table's snapshot; they are replayed at the next start", "err", err)
	}
	return nil
}

// openServed opens the database serve works on: an SQLite file must be
// a database already or not exist yet (an empty file or another kind of
// file is refused, naming it: migrate makes a database in an empty
// file), and unless check is false, PRAGMA quick_check must find it
// whole.
func openServed(ctx context.Context, path string, check bool) (*sessions.Store, error) {
	if err := checkDB(path); err != nil {
		return nil, err
	}
	if !sessions.IsPostgres(path) {
		if err := sessions.CheckSQLiteFile(path); err != nil {
			return nil, err
		}
	}
	store, err := sessions.Open(path)
	if err != nil {
		return nil, err
	}
	if check {
		if err := store.QuickCheck(ctx); err != nil {
			store.Close()
			return nil, fmt.Errorf("%w; restore it from a backup (README: Backups), or start with -check-db=false to serve it as it is", err)
		}
	}
	if _, _, err := store.Migrate(ctx); err != nil {
		store.Close()
		return nil, err
	}
	return store, nil
}

func migrateCmd(ctx context.Context, args []string, std stdio) error {
	fs := flag.NewFlagSet("migrate", flag.ContinueOnError)
	db := dbFlag(fs)
	if _, err := parseArgs(fs, args, "migrate", std.out); err != nil {
		return err
	}
	if err := checkDB(*db); err != nil {
		return err
	}
	// An empty file is where migrate makes a database; another kind of
	// file is refused.
	if err := sessions.CheckSQLiteFile(*db); err != nil && !errors.Is(err, sessions.ErrEmptyFile) && !sessions.IsPostgres(*db) {
		return err
	}
	store, err := sessions.Open(*db)
	if err != nil {
		return err
	}
	defer store.Close()
	from, to, err := store.Migrate(ctx)
	if err != nil {
		return err
	}
	if from == to {
		fmt.Fprintf(std.out, "%s is up to date (schema version %d)\n", sessions.Redact(*db), to)
	} else {
		fmt.Fprintf(std.out, "%s migrated from schema version %d to %d\n", sessions.Redact(*db), from, to)
	}
	return nil
}

func backupCmd(ctx context.Context, args []string, std stdio) error {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	db := dbFlag(fs)
	files, err := parseArgs(fs, args, "backup", std.out)
	if err != nil {
		return err
	}
	target := files[0]
	if sessions.IsPostgres(*db) {
		return fmt.Errorf("tablemate backup copies an SQLite database; %s is PostgreSQL: %w", sessions.Redact(*db), sessions.ErrBackupElsewhere)
	}
	if err := checkBackupPaths(*db, target); err != nil {
		return err
	}
	store, err := sessions.Open(*db)
	if err != nil {
		return err
	}
	defer store.Close()
	if err := store.Backup(ctx, target); err != nil {
		return err
	}
	fmt.Fprintf(std.out, "backed up %s to %s\n", *db, target)
	return nil
}

// checkDB says why the database cannot be used before opening it: for an
// SQLite file, a path the server cannot use (checkDBPath). A PostgreSQL
// URL is checked by connecting.
func checkDB(db string) error {
	if sessions.IsPostgres(db) {
		return nil
	}
	return checkDBPath(db)
}

// checkCmd scores a JSON state with the same engine call as the API and
// prints the API's answer: exit 0 valid, 1 invalid state, 2 unreadable.
func checkCmd(args []string, std stdio) error {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	args, err := parseArgs(fs, args, "check", std.out)
	if err != nil {
		return err
	}
	engine, ok := games.Engine(args[0])
	if !ok {
		spec, _ := findCommand("check")
		return newUsageError(spec, fs, fmt.Sprintf("unknown game %q; the games are %s", args[0], gameSlugs()))
	}
	var r io.Reader = std.in
	if len(args) == 2 && args[1] != "-" {
		f, err := os.Open(args[1])
		if err != nil {
			return err
		}
		defer f.Close()
		r = f
	}
	body, err := io.ReadAll(io.LimitReader(r, scoring.MaxBody+1))
	if err != nil {
		return err
	}
	res, status, answer := api.ScoreBody(engine, body)
	enc := json.NewEncoder(std.out)
	enc.SetIndent("", "  ")
	if status != http.StatusOK {
		enc.Encode(answer)
		return exitStatus(2)
	}
	enc.Encode(res)
	if !res.Valid {
		return exitStatus(1)
	}
	return nil
}

func gameSlugs() string {
	s := ""
	for i, info := range games.Infos() {
		if i > 0 {
			s += ", "
		}
		s += info.Slug
	}
	return s
}
