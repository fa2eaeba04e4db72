#include "storage/Schema.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QStringList>

namespace hostbench::storage {

namespace {

// Step 1: the first schema.
//  - Host names and aliases compare case-insensitively (RFC 9110 §4.2.3).
//    A name is either one host's name or one host's alias: the unique keys
//    cover each table, the triggers cover the pair.
//  - At most one default host (partial unique index).
//  - Runs keep the figures the run list shows as columns and the whole
//    summary as JSON, so that new summary fields need no new step.
const char *const kStep1[] = {
    R"(CREATE TABLE virtual_hosts (
        id INTEGER PRIMARY KEY,
        host_name TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (host_name <> ''),
        document_root TEXT NOT NULL,
        is_default INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1))
    ))",
    R"(CREATE UNIQUE INDEX virtual_hosts_one_default ON virtual_hosts (is_default) WHERE is_default = 1)",
    R"(CREATE TABLE host_aliases (
        alias TEXT PRIMARY KEY COLLATE NOCASE CHECK (alias <> ''),
        host_id INTEGER NOT NULL REFERENCES virtual_hosts (id) ON DELETE CASCADE,
        position INTEGER NOT NULL
    ))",
    R"(CREATE INDEX host_aliases_host ON host_aliases (host_id, position))",
    R"(CREATE TRIGGER host_aliases_not_a_host_insert BEFORE INSERT ON host_aliases
        WHEN EXISTS (SELECT 1 FROM virtual_hosts WHERE host_name = NEW.alias)
        BEGIN SELECT RAISE(ABORT, 'alias is a virtual host name'); END)",
    R"(CREATE TRIGGER host_aliases_not_a_host_update BEFORE UPDATE ON host_aliases
        WHEN EXISTS (SELECT 1 FROM virtual_hosts WHERE host_name = NEW.alias)
        BEGIN SELECT RAISE(ABORT, 'alias is a virtual host name'); END)",
    R"(CREATE TRIGGER virtual_hosts_not_an_alias_insert BEFORE INSERT ON virtual_hosts
        WHEN EXISTS (SELECT 1 FROM host_aliases WHERE alias = NEW.host_name)
        BEGIN SELECT RAISE(ABORT, 'host name is an alias'); END)",
    R"(CREATE TRIGGER virtual_hosts_not_an_alias_update BEFORE UPDATE OF host_name ON virtual_hosts
        WHEN EXISTS (SELECT 1 FROM host_aliases WHERE alias = NEW.host_name)
        BEGIN SELECT RAISE(ABORT, 'host name is an alias'); END)",
    R"(CREATE TABLE routes (
        host_id INTEGER NOT NULL REFERENCES virtual_hosts (id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        path TEXT NOT NULL,
        status INTEGER NOT NULL,
        content_type TEXT NOT NULL,
        body BLOB NOT NULL,
        PRIMARY KEY (host_id, position),
        UNIQUE (host_id, path)
    ))",
    R"(CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
    ))",
    R"(CREATE TABLE runs (
        id INTEGER PRIMARY KEY,
        started_at_ms INTEGER NOT NULL,
        url TEXT NOT NULL,
        method TEXT NOT NULL,
        concurrency INTEGER NOT NULL,
        requests INTEGER NOT NULL,
        duration_ms INTEGER NOT NULL,
        keep_alive INTEGER NOT NULL,
        threads INTEGER NOT NULL,
        rate REAL NOT NULL,
        time_taken_sec REAL NOT NULL,
        completed INTEGER NOT NULL,
        failed INTEGER NOT NULL,
        non_2xx INTEGER NOT NULL,
        requests_per_second REAL NOT NULL,
        transfer_rate_kbps REAL NOT NULL,
        latency_mean_ms REAL NOT NULL,
        latency_p50_ms REAL NOT NULL,
        latency_p99_ms REAL NOT NULL,
        latency_max_ms REAL NOT NULL,
        interrupted INTEGER NOT NULL,
        parameters_json TEXT NOT NULL,
        summary_json TEXT NOT NULL
    ))",
    R"(CREATE INDEX runs_started ON runs (started_at_ms))",
    R"(CREATE TABLE samples (
        run_id INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
        idx INTEGER NOT NULL,
        elapsed_ms INTEGER NOT NULL,
        interval_ms INTEGER NOT NULL,
        completed INTEGER NOT NULL,
        failed INTEGER NOT NULL,
        bytes INTEGER NOT NULL,
        p50_us INTEGER NOT NULL,
        p90_us INTEGER NOT NULL,
        p99_us INTEGER NOT NULL,
        max_us INTEGER NOT NULL,
        open_connections INTEGER NOT NULL,
        PRIMARY KEY (run_id, idx)
    ) WITHOUT ROWID)",
};

// Step 2: each run keeps its latency histogram (HistogramBlob), NULL for
// runs stored before, and for runs saved without one.
const char *const kStep2[] = {
    R"(ALTER TABLE runs ADD COLUMN histogram BLOB)",
};

// Step 3: a host's static-file, limit and log settings (one row per host;
// a host without one, stored before, has the defaults) and its error pages.
// Log paths may be empty: "the default one" (see HostSettingsTable).
const char *const kStep3[] = {
    R"(CREATE TABLE host_settings (
        host_id INTEGER PRIMARY KEY REFERENCES virtual_hosts (id) ON DELETE CASCADE,
        index_files TEXT NOT NULL,
        directory_listing INTEGER NOT NULL CHECK (directory_listing IN (0, 1)),
        follow_symlinks INTEGER NOT NULL CHECK (follow_symlinks IN (0, 1)),
        max_request_line_bytes INTEGER NOT NULL CHECK (max_request_line_bytes > 0),
        max_header_bytes INTEGER NOT NULL CHECK (max_header_bytes > 0),
        max_header_fields INTEGER NOT NULL CHECK (max_header_fields > 0),
        max_body_bytes INTEGER NOT NULL CHECK (max_body_bytes >= 0),
        access_log_enabled INTEGER NOT NULL CHECK (access_log_enabled IN (0, 1)),
        access_log_path TEXT NOT NULL,
        error_log_enabled INTEGER NOT NULL CHECK (error_log_enabled IN (0, 1)),
        error_log_path TEXT NOT NULL,
        log_rotate_bytes INTEGER NOT NULL CHECK (log_rotate_bytes >= 0),
        log_rotate_keep INTEGER NOT NULL CHECK (log_rotate_keep >= 0)
    ))",
    R"(CREATE TABLE error_pages (
        host_id INTEGER NOT NULL REFERENCES virtual_hosts (id) ON DELETE CASCADE,
        status INTEGER NOT NULL CHECK (status BETWEEN 400 AND 599),
        path TEXT NOT NULL,
        PRIMARY KEY (host_id, status)
    ) WITHOUT ROWID)",
};

// Step 4: a run is stored as it goes (RunTable::begin, appendSamples,
// finish); finished is 0 until its summary is there. Runs stored before
// were stored whole.
const char *const kStep4[] = {
    R"(ALTER TABLE runs ADD COLUMN finished INTEGER NOT NULL DEFAULT 1 CHECK (finished IN (0, 1)))",
};

// Step 5: a site may log the requests of Hostbench's own load generator
// (VirtualHost::logLoadGenerator); by default it does not.
const char *const kStep5[] = {
    R"(ALTER TABLE host_settings ADD COLUMN log_load_generator INTEGER NOT NULL DEFAULT 0
        CHECK (log_load_generator IN (0, 1)))",
};

// Step 6: a shootout (hostbench-cli shootout, the Shootout page) is one
// comparison that holds its runs: each run is stored in runs as bench
// stores it, and shootout_runs says which server, workload and round it
// was, with the server's CPU time per request. settings_json keeps what was
// asked (servers, workloads, model, duration, rounds) and notes_json what
// happened to each server (missing, failed to start with its log, port
// moved, version). finished is 0 until the last round is stored.
const char *const kStep6[] = {
    R"(CREATE TABLE shootouts (
        id INTEGER PRIMARY KEY,
        started_at_ms INTEGER NOT NULL,
        finished INTEGER NOT NULL DEFAULT 0 CHECK (finished IN (0, 1)),
        settings_json TEXT NOT NULL,
        notes_json TEXT NOT NULL
    ))",
    R"(CREATE TABLE shootout_runs (
        shootout_id INTEGER NOT NULL REFERENCES shootouts (id) ON DELETE CASCADE,
        run_id INTEGER NOT NULL UNIQUE REFERENCES runs (id) ON DELETE CASCADE,
        server TEXT NOT NULL CHECK (server <> ''),
        workload TEXT NOT NULL CHECK (workload <> ''),
        round INTEGER NOT NULL CHECK (round >= 1),
        cpu_us_per_request REAL NOT NULL,
        PRIMARY KEY (shootout_id, server, workload, round)
    ) WITHOUT ROWID)",
};

// Step 7: a note per run, the user's, written on the Runs page; runs
// stored before have none.
const char *const kStep7[] = {
    R"(ALTER TABLE runs ADD COLUMN note TEXT NOT NULL DEFAULT '')",
};

// Step 8: a site may serve hidden files (VirtualHost::serveHiddenFiles:
// names starting with '.'); by default, and for the sites stored before, it
// does not.
const char *const kStep8[] = {
    R"(ALTER TABLE host_settings ADD COLUMN serve_hidden_files INTEGER NOT NULL DEFAULT 0
        CHECK (serve_hidden_files IN (0, 1)))",
};

// Step 9: a site's proxy routes (path prefix -> upstream URL, in order)
// and its proxy settings (ProxyTable; issue #24). A site without a
// proxy_settings row, stored before, sends the client's Host and waits 60 s.
const char *const kStep9[] = {
    R"(CREATE TABLE proxy_settings (
        host_id INTEGER PRIMARY KEY REFERENCES virtual_hosts (id) ON DELETE CASCADE,
        send_upstream_host INTEGER NOT NULL CHECK (send_upstream_host IN (0, 1)),
        upstream_timeout_ms INTEGER NOT NULL CHECK (upstream_timeout_ms > 0)
    ))",
    R"(CREATE TABLE proxy_routes (
        host_id INTEGER NOT NULL REFERENCES virtual_hosts (id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        path_prefix TEXT NOT NULL,
        upstream TEXT NOT NULL,
        PRIMARY KEY (host_id, position)
    ) WITHOUT ROWID)",
};

// Step 10: the command that starts a site's app with the engine
// (model::AppCommand; ProxyTable; issue #24): at most one row per site, none
// for a site without an app (and for the sites stored before). The
// environment is a JSON array of "NAME=value" strings.
const char *const kStep10[] = {
    R"(CREATE TABLE proxy_apps (
        host_id INTEGER PRIMARY KEY REFERENCES virtual_hosts (id) ON DELETE CASCADE,
        command TEXT NOT NULL,
        working_dir TEXT NOT NULL,
        environment TEXT NOT NULL,
        stop_grace_ms INTEGER NOT NULL
    ))",
};

// Step 11: a site's PHP settings (model::PhpSettings; PhpTable; issue #25):
// at most one row per site, none for a site with the defaults (no PHP, and
// the sites stored before); and whether a site's access log carries the
// upstream's times (ProxySettings::logUpstreamTimes), off for the sites
// stored before. The timeout has no CHECK: a hand-edited value is read and
// reported by PhpTable, naming the site and the value.
const char *const kStep11[] = {
    R"(CREATE TABLE php_settings (
        host_id INTEGER PRIMARY KEY REFERENCES virtual_hosts (id) ON DELETE CASCADE,
        address TEXT NOT NULL,
        path_prefix TEXT NOT NULL,
        front_controller INTEGER NOT NULL CHECK (front_controller IN (0, 1)),
        timeout_ms INTEGER NOT NULL
    ))",
    R"(ALTER TABLE proxy_settings ADD COLUMN log_upstream_times INTEGER NOT NULL DEFAULT 0
        CHECK (log_upstream_times IN (0, 1)))",
};

// Step 12: a site's HTTPS settings (model::SiteTls; issue #26): its own
// certificate and key files (empty: the local CA issues one), the redirect
// from http:// and the HSTS max-age; the sites stored before have none of
// them. The max-age has no CHECK: a hand-edited value is refused by
// SiteValidator when the site is next edited, and clamped by the engine.
const char *const kStep12[] = {
    R"(ALTER TABLE host_settings ADD COLUMN tls_certificate_path TEXT NOT NULL DEFAULT '')",
    R"(ALTER TABLE host_settings ADD COLUMN tls_key_path TEXT NOT NULL DEFAULT '')",
    R"(ALTER TABLE host_settings ADD COLUMN tls_redirect INTEGER NOT NULL DEFAULT 0
        CHECK (tls_redirect IN (0, 1)))",
    R"(ALTER TABLE host_settings ADD COLUMN hsts_max_age_s INTEGER NOT NULL DEFAULT 0)",
};

// Step 13: a run may be the baseline of its target, the method and URL
// (model::runTarget; bench --compare-baseline, runs baseline): at most one
// per target (partial unique index, as virtual_hosts_one_default). A
// baseline goes with its run; the runs stored before are none.
const char *const kStep13[] = {
    R"(ALTER TABLE runs ADD COLUMN baseline INTEGER NOT NULL DEFAULT 0 CHECK (baseline IN (0, 1)))",
    R"(CREATE UNIQUE INDEX runs_one_baseline ON runs (method, url) WHERE baseline = 1)",
};

// Step 14: an open-model run's samples keep their planned rate (requests/s
// the schedule intended over the interval; 0 while paused, a step where the
// rate was changed) and how long the run was paused in them (issue #28:
// pause, resume and a new rate while a run goes). NULL and 0 for the
// closed model and for the samples stored before.
const char *const kStep14[] = {
    R"(ALTER TABLE samples ADD COLUMN planned_rate REAL)",
    R"(ALTER TABLE samples ADD COLUMN paused_ms INTEGER NOT NULL DEFAULT 0)",
};

struct Step
{
    const char *const *statements;
    size_t count;
};

// steps[i] takes the schema from version i to version i + 1.
const Step kSteps[] = {
    { kStep1, std::size(kStep1) },
    { kStep2, std::size(kStep2) },
    { kStep3, std::size(kStep3) },
    { kStep4, std::size(kStep4) },
    { kStep5, std::size(kStep5) },
    { kStep6, std::size(kStep6) },
    { kStep7, std::size(kStep7) },
    { kStep8, std::size(kStep8) },
    { kStep9, std::size(kStep9) },
    { kStep10, std::size(kStep10) },
    { kStep11, std::size(kStep11) },
    { kStep12, std::size(kStep12) },
    { kStep13, std::size(kStep13) },
    { kStep14, std::size(kStep14) },
};
static_assert(std::size(kSteps) == Schema::kVersion, "one step per schema version");

bool exec(QSqlDatabase &db, const QString &sql, QString *error)
{
    QSqlQuery query(db);
    if (query.exec(sql))
        return true;
    *error = query.lastError().text();
    return false;
}

} // namespace

bool Schema::upgrade(QSqlDatabase &db, int fromVersion, QString *error)
{
    return upgrade(db, fromVersion, kVersion, error);
}

bool Schema::upgrade(QSqlDatabase &db, int fromVersion, int toVersion, QString *error)
{
    Q_ASSERT(fromVersion >= 0 && fromVersion <= toVersion && toVersion <= kVersion);
    if (fromVersion == toVersion)
        return true;
    if (!db.transaction()) {
        *error = db.lastError().text();
        return false;
    }
    for (int version = fromVersion; version < toVersion; ++version) {
        const Step &step = kSteps[version];
        for (size_t i = 0; i < step.count; ++i) {
            if (!exec(db, QString::fromLatin1(step.statements[i]), error)) {
                *error = QStringLiteral("schema step %1: %2").arg(version + 1).arg(*error);
                db.rollback();
                return false;
            }
        }
    }
    // user_version is part of the database header, so it commits or rolls
    // back with the steps.
    if (!exec(db, QStringLiteral("PRAGMA user_version = %1").arg(toVersion), error) || !db.commit()) {
        if (error->isEmpty())
            *error = db.lastError().text();
        db.rollback();
        return false;
    }
    return true;
}

} // namespace hostbench::storage
