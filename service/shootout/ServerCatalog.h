#pragma once

#include "model/VirtualHost.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace hostbench::shootout {

/*
 * The servers a shootout can run: Hostbench itself (`hostbench-cli serve`,
 * a process like the others) and the production servers whose
 * configuration, command line and package engine/export knows
 * (exporter::ConfigWriter, benchmark flavour). For each: the name the user
 * gives (--servers), the program, and the Debian package that provides it.
 *
 * Programs are looked up in $HOSTBENCH_SERVER_PATH when it is set (a
 * colon-separated list, as PATH: how tests make a server missing or put a
 * stand-in first), else in $PATH followed by /usr/local/sbin, /usr/sbin and
 * /sbin, where Debian installs the servers. Thread: any.
 */
struct ServerKind
{
    QString id; // "nginx": as --servers names it
    QString program; // "nginx": the executable's name
    QString package; // "nginx-light": what apt-get installs
};

class ServerCatalog final
{
public:
    // What a server needs to run: the command line that starts it in the
    // foreground, its configuration written, and its own error log.
    struct Launch
    {
        QString program; // absolute path
        QStringList arguments;
        QString errorLog; // a file the server writes its errors to; may be empty
    };

    static const QList<ServerKind> &all(); // hostbench first
    static std::optional<ServerKind> find(const QString &id);
    static QStringList ids();
    static QStringList searchPath();
    // The absolute path of the kind's program, or empty when it is not
    // installed. Hostbench's is `hostbenchCli` (the running hostbench-cli).
    static QString locate(const ServerKind &kind, const QString &hostbenchCli);

    // Writes the server's configuration for `site` on 127.0.0.1:`port` under
    // `prefix` (an empty, writable folder of its own: configuration, pid file,
    // logs, temporary files) with one worker (`workers` > 1: that many), the
    // access log off, sendfile and open-file caching where it has them, its
    // proxied paths (site.proxy.routes: Hostbench's --proxy, the others'
    // proxy configuration of engine/export), its PHP (site.php: Hostbench's
    // --php ADDR, the others' PHP configuration of engine/export), and returns how to start it. nullopt with
    // *error when the configuration cannot be written.
    //
    // With `tls` (W1s, W1sn): a TLS listener too, on 127.0.0.1:tls->port,
    // with the site's certificate (site.tls.certificatePath/keyPath):
    // Hostbench's `serve --listen-tls` with `--data-dir tls->dataDir`, whose
    // local CA holds that certificate as the leaf of the site's names (so
    // serve finds it on file and issues none), the others' TLS export
    // (ExportOptions::config.tlsEnabled).
    struct Tls
    {
        quint16 port = 0;
        QString dataDir;
    };
    static std::optional<Launch> prepare(const ServerKind &kind, const QString &program,
        const model::VirtualHost &site, quint16 port, int workers, const QString &prefix, QString *error,
        const Tls *tls = nullptr);
};

} // namespace hostbench::shootout
