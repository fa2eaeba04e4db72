#include "instance/AppLog.h"

#include "http/LogFile.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>

#include <string>

namespace hostbench::service {

using namespace Qt::StringLiterals;

namespace {

// "2026/12/01 21:40:00 ": the error log's time (LogFormat), local time.
std::string stamp()
{
    return QDateTime::currentDateTime().toString(u"yyyy/MM/dd HH:mm:ss "_s).toStdString();
}

} // namespace

AppLog::AppLog(const QString &path, qint64 rotateBytes, int keep)
    : m_path(path)
    , m_rotateBytes(rotateBytes)
    , m_keep(keep)
{
    if (!path.isEmpty())
        m_file = std::make_unique<http::LogFile>(QFile::encodeName(path).toStdString(), rotateBytes, keep);
}

AppLog::~AppLog() = default;

QString AppLog::pathFor(const model::VirtualHost &site, const QString &logsFolder)
{
    QString folder = logsFolder;
    if (site.errorLogEnabled && !site.errorLogPath.trimmed().isEmpty())
        folder = QFileInfo(site.errorLogPath.trimmed()).absolutePath();
    else if (site.accessLogEnabled && !site.accessLogPath.trimmed().isEmpty())
        folder = QFileInfo(site.accessLogPath.trimmed()).absolutePath();
    if (folder.isEmpty())
        return {};
    QString name = site.hostName; // a DNS name; guarded as DataFolder::applyDefaultLogPaths does
    name.replace(u'/', u'_');
    return QDir(folder).absoluteFilePath(name + u".app.log"_s);
}

bool AppLog::hasSettings(const QString &path, qint64 rotateBytes, int keep) const
{
    return path == m_path && rotateBytes == m_rotateBytes && keep == m_keep;
}

void AppLog::append(Stream stream, const QByteArray &bytes)
{
    QByteArray &partial = m_partial[stream == Stream::Out ? 0 : 1];
    const char *level = stream == Stream::Out ? "stdout" : "stderr";
    partial.append(bytes);
    qsizetype from = 0;
    for (;;) {
        qsizetype newline = partial.indexOf('\n', from);
        if (newline < 0 && partial.size() - from >= kMaxLineBytes)
            newline = from + kMaxLineBytes; // a piece of a very long line
        if (newline < 0)
            break;
        QByteArrayView line(partial.constData() + from, newline - from);
        if (line.endsWith('\r'))
            line.chop(1);
        writeLine(level, line);
        from = newline < partial.size() && partial.at(newline) == '\n' ? newline + 1 : newline;
    }
    partial.remove(0, from);
}

void AppLog::flush()
{
    for (int i = 0; i < 2; ++i) {
        if (!m_partial[i].isEmpty())
            writeLine(i == 0 ? "stdout" : "stderr", m_partial[i]);
        m_partial[i].clear();
    }
}

void AppLog::note(const QString &text)
{
    writeLine("hostbench", text.toUtf8());
}

void AppLog::writeLine(const char *level, QByteArrayView text)
{
    if (!m_file)
        return;
    std::string line = stamp();
    line += '[';
    line += level;
    line += "] ";
    line.append(text.constData(), size_t(text.size()));
    line += '\n';
    m_file->write(line);
}

} // namespace hostbench::service
