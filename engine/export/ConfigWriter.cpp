#include "export/ConfigWriter.h"

#include "export/ApacheWriter.h"
#include "export/CaddyWriter.h"
#include "export/ExportPlan.h"
#include "export/H2oWriter.h"
#include "export/LighttpdWriter.h"
#include "export/NginxWriter.h"

#include <QDir>
#include <QFileInfo>
#include <QSaveFile>

#include <algorithm>

namespace hostbench::exporter {

using namespace Qt::StringLiterals;

std::optional<ExportResult> ConfigWriter::write(
    const QList<model::VirtualHost> &sites, const ExportOptions &options, QString *error)
{
    std::optional<ExportPlan> plan = ExportPlan::make(sites, options, error);
    if (!plan)
        return std::nullopt;
    ExportResult result;
    result.server = options.server;
    result.configPath = options.configPath;
    result.package = package(options.server);
    result.command = command(
        options.server, options.configPath.isEmpty() ? u"FILE"_s : options.configPath, plan->prefix);
    if (options.server == Server::Caddy && plan->workers > 0) {
        const qsizetype at = result.command.indexOf(u"caddy"_s);
        result.command.insert(at, u"GOMAXPROCS=%1"_s.arg(plan->workers));
        if (at == 0)
            result.command.prepend(u"env"_s);
    }
    if (!plan->prefix.isEmpty())
        result.directories.append(plan->prefix + u"/logs"_s);
    if (options.server != Server::Nginx && options.server != Server::Caddy)
        result.files = plan->routeFiles();
    QString text;
    switch (options.server) {
    case Server::Nginx:
        text = NginxWriter::write(*plan, result);
        break;
    case Server::Lighttpd:
        text = LighttpdWriter::write(*plan, result);
        break;
    case Server::Apache:
        text = ApacheWriter::write(*plan, result);
        break;
    case Server::Caddy:
        text = CaddyWriter::write(*plan, result);
        break;
    case Server::H2o:
        text = H2oWriter::write(*plan, result);
        break;
    }
    result.config = text.toUtf8();
    return result;
}

bool ConfigWriter::save(const ExportResult &result, QString *error)
{
    const auto writeFile = [error](const QString &path, const QByteArray &content) {
        if (!QDir().mkpath(QFileInfo(path).absolutePath())) {
            *error = u"cannot create the folder %1"_s.arg(QFileInfo(path).absolutePath());
            return false;
        }
        QSaveFile file(path);
        if (!file.open(QIODevice::WriteOnly) || file.write(content) != content.size() || !file.commit()) {
            *error = u"cannot write %1: %2"_s.arg(path, file.errorString());
            return false;
        }
        return true;
    };
    for (const QString &dir : result.directories) {
        if (!QDir().mkpath(dir)) {
            *error = u"cannot create the folder %1"_s.arg(dir);
            return false;
        }
    }
    for (const ExportedFile &file : result.files) {
        if (!writeFile(file.path, file.content))
            return false;
    }
    return result.configPath.isEmpty() || writeFile(result.configPath, result.config);
}

QString ConfigWriter::name(Server server)
{
    switch (server) {
    case Server::Nginx:
        return u"nginx"_s;
    case Server::Lighttpd:
        return u"lighttpd"_s;
    case Server::Apache:
        return u"apache"_s;
    case Server::Caddy:
        return u"caddy"_s;
    case Server::H2o:
        return u"h2o"_s;
    }
    return {};
}

std::optional<Server> ConfigWriter::fromName(const QString &name)
{
    const QString lower = name.toLower();
    if (lower == u"apache2"_s)
        return Server::Apache;
    for (Server server : servers()) {
        if (ConfigWriter::name(server) == lower)
            return server;
    }
    return std::nullopt;
}

QList<Server> ConfigWriter::servers()
{
    return { Server::Nginx, Server::Lighttpd, Server::Apache, Server::Caddy, Server::H2o };
}

QString ConfigWriter::program(Server server)
{
    return server == Server::Apache ? u"apache2"_s : name(server);
}

QString ConfigWriter::package(Server server)
{
    return server == Server::Nginx ? u"nginx-light"_s : program(server);
}

QString ConfigWriter::shellLine(const QStringList &argv)
{
    QStringList words;
    for (const QString &word : argv) {
        const bool plain = !word.isEmpty() && std::all_of(word.begin(), word.end(), [](QChar c) {
            return (c.isLetterOrNumber() && c.unicode() < 128) || QStringView(u"_@%+=:,./-").contains(c);
        });
        words.append(plain ? word : u"'"_s + QString(word).replace(u"'"_s, u"'\\''"_s) + u"'"_s);
    }
    return words.join(u' ');
}

QStringList ConfigWriter::command(Server server, const QString &configPath, const QString &prefix)
{
    switch (server) {
    case Server::Nginx: {
        const QString dir = prefix.isEmpty() ? QFileInfo(configPath).absolutePath() : prefix;
        QStringList argv { u"nginx"_s, u"-p"_s, dir, u"-c"_s, configPath };
        if (!prefix.isEmpty())
            argv += QStringList { u"-e"_s, prefix + u"/logs/error.log"_s };
        return argv + QStringList { u"-g"_s, u"daemon off;"_s };
    }
    case Server::Lighttpd:
        return { u"lighttpd"_s, u"-D"_s, u"-f"_s, configPath };
    case Server::Apache:
        return { u"apache2"_s, u"-f"_s, configPath, u"-DFOREGROUND"_s };
    case Server::Caddy: {
        const QStringList argv { u"caddy"_s, u"run"_s, u"--config"_s, configPath, u"--adapter"_s,
            u"caddyfile"_s };
        if (prefix.isEmpty())
            return argv;
        // Caddy keeps an autosaved copy of its configuration and its data in the XDG folders.
        return QStringList { u"env"_s, u"XDG_CONFIG_HOME="_s + prefix + u"/config"_s,
            u"XDG_DATA_HOME="_s + prefix + u"/data"_s }
        + argv;
    }
    case Server::H2o:
        return { u"h2o"_s, u"-c"_s, configPath };
    }
    return {};
}

} // namespace hostbench::exporter
