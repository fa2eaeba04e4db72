#pragma once

#include "model/VirtualHost.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace hostbench::service {

/*
 * What Hostbench's own PHP-FPM pool (issue #25: the sites whose PHP address
 * is "auto") is made of, without running anything: which php-fpm binary,
 * where its files go under the data folder, the php-fpm.conf it is given,
 * and the sites as the engine gets them (PhpFpmPool runs it).
 *
 * The files, for a data folder DATA:
 *   DATA/php/                 0700, the pool's own folder
 *   DATA/php/php-fpm.conf     0600, written at each start (configText())
 *   DATA/php/php-fpm.sock     the pool's socket, listen.mode 0600
 *   DATA/php/php-fpm.pid      the master's pid, as php-fpm writes it
 *   DATA/logs/php-fpm.log     php-fpm's error_log (the Logs page's "PHP-FPM")
 *
 * Pure functions but findBinary() (reads the environment and the file
 * system); any thread.
 */
class PhpFpmSetup final
{
public:
    // The environment variable that names the binary, whatever is installed
    // (tests point it at a missing path to play "not installed").
    static constexpr const char *kBinaryVariable = "HOSTBENCH_PHP_FPM";
    // What the user is told when no PHP-FPM is found, in English.
    static QString notInstalledMessage();

    // The php-fpm to run: $HOSTBENCH_PHP_FPM when set (even if it does not
    // exist: then none), else findBinaryIn(defaultFolders()); empty: none.
    static QString findBinary();
    // $PATH's folders, then /usr/sbin, /usr/local/sbin, /sbin.
    static QStringList defaultFolders();
    // In `folders`: the first executable "php-fpm8.2" (Debian 12's), else
    // the highest versioned "php-fpmX.Y" of all folders (php-fpm8.10 above
    // php-fpm8.9), else a plain "php-fpm". Empty: none.
    static QString findBinaryIn(const QStringList &folders);

    // The files under `dataFolder`.
    static QString folderPath(const QString &dataFolder); // DATA/php
    static QString configPath(const QString &dataFolder);
    static QString socketPath(const QString &dataFolder);
    static QString pidPath(const QString &dataFolder);
    static QString logPath(const QString &dataFolder); // DATA/logs/php-fpm.log
    static QString logPathIn(const QString &logsFolder); // LOGS/php-fpm.log (DataFolder::logsPath())

    // The pool's size for an engine of `workers` threads: pm = dynamic with
    // max_children = max(4, 2 * workers), min_spare = max(2, max / 4),
    // max_spare = max(min_spare, max / 2), start = min_spare.
    struct Size
    {
        int maxChildren = 4;
        int startServers = 2;
        int minSpare = 2;
        int maxSpare = 2;
    };
    static Size sizeFor(int workers);

    // php-fpm.conf for `dataFolder`. `runAsUser`/`runAsGroup`: written as
    // the pool's user and group (needed when php-fpm starts as root); empty:
    // no such lines (it runs as whoever starts it). Empty with *error when a
    // path cannot be written into the file (a '"', '$' or newline in it) or
    // the socket's path is longer than a Unix socket takes (107 bytes).
    // PHP's upload_max_filesize and post_max_size are set to 1G: the site's
    // own body limit (Limits::maxBodyBytes) is the one that applies.
    static QString configText(const QString &dataFolder, int workers, const QString &runAsUser,
        const QString &runAsGroup, QString *error);
    // The arguments php-fpm gets: never a daemon (the supervisor watches
    // its pid); --allow-to-run-as-root when `asRoot`.
    static QStringList arguments(const QString &dataFolder, bool asRoot);

    // Whether a site is PHP with address "auto" (any case, spaces around).
    static bool isAuto(const model::VirtualHost &site);
    static bool anyAuto(const QList<model::VirtualHost> &sites);
    // `sites` with every "auto" PHP address replaced by "unix:" + socketPath,
    // the others unchanged: the copy the engine is given.
    static QList<model::VirtualHost> resolved(QList<model::VirtualHost> sites, const QString &socketPath);

    // The first line of `php-fpm -v` ("PHP 8.2.7 (fpm-fcgi) (built: ...)")
    // as shown: up to and including "(fpm-fcgi)"; empty when it is not PHP's.
    static QString versionFrom(const QByteArray &output);
};

} // namespace hostbench::service
