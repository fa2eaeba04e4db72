#include "ReportFile.h"

#include <QSaveFile>

#include <optional>

using namespace Qt::StringLiterals;

namespace hostbench::bench {

namespace {

bool save(const QString &path, const QByteArray &bytes, QString *error,
    std::optional<QFileDevice::Permissions> permissions)
{
    QSaveFile file(path);
    // The permissions are set on the temporary file, which the rename then
    // puts in place with them.
    if (!file.open(QIODevice::WriteOnly) || (permissions && !file.setPermissions(*permissions))
        || file.write(bytes) < 0 || !file.commit()) {
        *error = u"cannot write %1: %2"_s.arg(path, file.errorString());
        return false;
    }
    return true;
}

} // namespace

bool ReportFile::write(const QString &path, const QByteArray &bytes, QString *error)
{
    return save(path, bytes, error, std::nullopt);
}

bool ReportFile::write(
    const QString &path, const QByteArray &bytes, QString *error, QFileDevice::Permissions permissions)
{
    return save(path, bytes, error, permissions);
}

} // namespace hostbench::bench
