#include "instance/PhpFpmSetup.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QVersionNumber>

#include <algorithm>

namespace hostbench::service {

using namespace Qt::StringLiterals;

namespace {

constexpr qsizetype kMaxSocketPathBytes = 107; // sockaddr_un's sun_path, with its NUL

bool isExecutableFile(const QString &path)
{
    const QFileInfo info(path);
    return info.isFile() && info.isExecutable();
}

// A path as a php-fpm.conf value: double-quoted, or empty when it cannot be
// (the ini parser reads '$' and '"' inside quotes).
QString quoted(const QString &path)
{
    if (path.contains(u'"') || path.contains(u'$') || path.contains(u'\n') || path.contains(u'\r'))
        return {};
    return u'"' + path + u'"';
}

} // namespace

QString PhpFpmSetup::notInstalledMessage()
{
    return u"PHP-FPM is not installed: install Debian's package php8.2-fpm (apt-get install php8.2-fpm)"_s;
}

QString PhpFpmSetup::findBinary()
{
    if (qEnvironmentVariableIsSet(kBinaryVariable)) {
        const QString path = qEnvironmentVariable(kBinaryVariable);
        return isExecutableFile(path) ? QFileInfo(path).absoluteFilePath() : QString();
    }
    return findBinaryIn(defaultFolders());
}

QStringList PhpFpmSetup::defaultFolders()
{
    QStringList folders = qEnvironmentVariable("PATH").split(u':', Qt::SkipEmptyParts);
    for (const QString &sbin : { u"/usr/sbin"_s, u"/usr/local/sbin"_s, u"/sbin"_s }) {
        if (!folders.contains(sbin))
            folders << sbin;
    }
    return folders;
}

QString PhpFpmSetup::findBinaryIn(const QStringList &folders)
{
    for (const QString &folder : folders) {
        const QString preferred = QDir(folder).filePath(u"php-fpm8.2"_s);
        if (isExecutableFile(preferred))
            return preferred;
    }
    static const QRegularExpression versioned(u"^php-fpm(\\d+(?:\\.\\d+)*)$"_s);
    QString best;
    QVersionNumber bestVersion;
    QString plain;
    for (const QString &folder : folders) {
        const QDir dir(folder);
        for (const QString &name :
            dir.entryList({ u"php-fpm*"_s }, QDir::Files | QDir::Executable, QDir::Name)) {
            const QString path = dir.filePath(name);
            if (!isExecutableFile(path))
                continue;
            if (name == u"php-fpm"_s) {
                if (plain.isEmpty())
                    plain = path;
                continue;
            }
            const QRegularExpressionMatch match = versioned.match(name);
            if (!match.hasMatch())
                continue;
            const QVersionNumber version = QVersionNumber::fromString(match.captured(1));
            if (best.isEmpty() || version > bestVersion) {
                best = path;
                bestVersion = version;
            }
        }
    }
    return best.isEmpty() ? plain : best;
}

QString PhpFpmSetup::folderPath(const QString &dataFolder)
{
    return QDir(dataFolder).filePath(u"php"_s);
}

QString PhpFpmSetup::configPath(const QString &dataFolder)
{
    return QDir(folderPath(dataFolder)).filePath(u"php-fpm.conf"_s);
}

QString PhpFpmSetup::socketPath(const QString &dataFolder)
{
    return QDir(folderPath(dataFolder)).filePath(u"php-fpm.sock"_s);
}

QString PhpFpmSetup::pidPath(const QString &dataFolder)
{
    return QDir(folderPath(dataFolder)).filePath(u"php-fpm.pid"_s);
}

QString PhpFpmSetup::logPath(const QString &dataFolder)
{
    return logPathIn(QDir(dataFolder).filePath(u"logs"_s));
}

QString PhpFpmSetup::logPathIn(const QString &logsFolder)
{
    return QDir(logsFolder).filePath(u"php-fpm.log"_s);
}

PhpFpmSetup::Size PhpFpmSetup::sizeFor(int workers)
{
    Size size;
    size.maxChildren = std::max(4, 2 * std::max(1, workers));
    size.minSpare = std::max(2, size.maxChildren / 4);
    size.maxSpare = std::max(size.minSpare, size.maxChildren / 2);
    size.startServers = size.minSpare;
    return size;
}

QString PhpFpmSetup::configText(const QString &dataFolder, int workers, const QString &runAsUser,
    const QString &runAsGroup, QString *error)
{
    const QString socket = socketPath(dataFolder);
    if (QFile::encodeName(socket).size() > kMaxSocketPathBytes - 1) {
        *error = u"the PHP-FPM socket's path %1 is longer than a Unix socket allows (%2 bytes)"_s.arg(socket)
                     .arg(kMaxSocketPathBytes - 1);
        return {};
    }
    const QString pid = quoted(pidPath(dataFolder)), log = quoted(logPath(dataFolder)),
                  listen = quoted(socket);
    if (pid.isEmpty() || log.isEmpty() || listen.isEmpty()) {
        *error = u"the data folder's path %1 holds a character php-fpm.conf cannot take ('\"', '$' or a "
                 "line break)"_s.arg(dataFolder);
        return {};
    }
    const Size size = sizeFor(workers);
    QString text
        = u"; Written by Hostbench for the sites whose PHP address is \"auto\"; rewritten at each "
          "start, edits are lost.\n"
          "[global]\n"
          "pid = %1\nerror_log = %2\ndaemonize = no\n"
          "; SIGQUIT lets the workers finish their requests for this long\n"
          "process_control_timeout = 5s\n\n"
          "[hostbench]\n"
          "listen = %3\nlisten.mode = 0600\n"
          "; the engine opens up to 64 connections per worker thread (upstreamConnectionsPerWorker);\n"
          "; those beyond pm.max_children wait here, and a full backlog would be a 502\n"
          "listen.backlog = 4096\n"_s.arg(pid, log, listen);
    if (!runAsUser.isEmpty())
        text += u"user = %1\n"_s.arg(runAsUser);
    if (!runAsGroup.isEmpty())
        text += u"group = %1\n"_s.arg(runAsGroup);
    text += u"pm = dynamic\npm.max_children = %1\npm.start_servers = %2\npm.min_spare_servers = %3\n"
            "pm.max_spare_servers = %4\npm.max_requests = 0\n"
            "catch_workers_output = yes\n"
            "; Uploads: the engine's body limit of each site (the site dialog's Advanced page) is the one\n"
            "; that applies, as nginx's client_max_body_size in front of PHP; PHP's own defaults (2M a\n"
            "; file, 8M a body) would refuse what the site allows.\n"
            "php_value[upload_max_filesize] = 1G\nphp_value[post_max_size] = 1G\n"_s.arg(size.maxChildren)
                .arg(size.startServers)
                .arg(size.minSpare)
                .arg(size.maxSpare);
    return text;
}

QStringList PhpFpmSetup::arguments(const QString &dataFolder, bool asRoot)
{
    QStringList arguments { u"--nodaemonize"_s, u"--fpm-config"_s, configPath(dataFolder) };
    if (asRoot)
        arguments << u"--allow-to-run-as-root"_s;
    return arguments;
}

bool PhpFpmSetup::isAuto(const model::VirtualHost &site)
{
    return site.php.address.trimmed().compare(u"auto"_s, Qt::CaseInsensitive) == 0;
}

bool PhpFpmSetup::anyAuto(const QList<model::VirtualHost> &sites)
{
    return std::any_of(
        sites.cbegin(), sites.cend(), [](const model::VirtualHost &site) { return isAuto(site); });
}

QList<model::VirtualHost> PhpFpmSetup::resolved(QList<model::VirtualHost> sites, const QString &socketPath)
{
    for (model::VirtualHost &site : sites) {
        if (isAuto(site))
            site.php.address = u"unix:"_s + socketPath;
    }
    return sites;
}

QString PhpFpmSetup::versionFrom(const QByteArray &output)
{
    const QString first = QString::fromUtf8(output.left(output.indexOf('\n'))).trimmed();
    if (!first.startsWith(u"PHP "_s))
        return {};
    const QString fpm = u"(fpm-fcgi)"_s;
    const qsizetype at = first.indexOf(fpm);
    return at < 0 ? first : first.left(at + fpm.size());
}

} // namespace hostbench::service
