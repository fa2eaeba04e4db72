#include "ReportFile.h"

#include <QSaveFile>

using namespace Qt::StringLiterals;

namespace hostbench::bench {

bool ReportFile::write(const QString &path, const QByteArray &bytes, QString *error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) < 0 || !file.commit()) {
        *error = u"cannot write %1: %2"_s.arg(path, file.errorString());
        return false;
    }
    return true;
}

} // namespace hostbench::bench
