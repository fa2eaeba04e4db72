#include "ui/Format.h"

#include <QDateTime>
#include <QLocale>

#include <cmath>

namespace hostbench::ui {

QString Format::count(quint64 value)
{
    return QLocale().toString(value);
}

QString Format::rate(double perSecond)
{
    // Whole numbers once the decimals stop carrying information, decided on
    // the figure as shown: 99.96 is "100" as 100.0 is, not "100.0" (a run
    // stopped at 99.96/s and one finished at 100/s wrote them differently).
    const bool whole = std::round(perSecond * 10) >= 1000;
    return QLocale().toString(perSecond, 'f', whole ? 0 : 1);
}

QString Format::milliseconds(double ms)
{
    const int decimals = ms >= 100 ? 0 : ms >= 10 ? 1 : 2;
    return tr("%1 ms").arg(QLocale().toString(ms, 'f', decimals));
}

QString Format::bytes(quint64 value)
{
    // IEC units: Qt's traditional format divides by 1,024 and says "GB".
    return QLocale().formattedDataSize(qint64(value), 1, QLocale::DataSizeIecFormat);
}

QString Format::duration(qint64 ms)
{
    if (ms < 1000)
        return tr("%1 ms").arg(ms);
    const qint64 seconds = ms / 1000;
    if (seconds < 60)
        return tr("%1 s").arg(seconds);
    if (seconds < 3600)
        return tr("%1 min %2 s").arg(seconds / 60).arg(seconds % 60, 2, 10, QLatin1Char('0'));
    return tr("%1 h %2 min").arg(seconds / 3600).arg((seconds % 3600) / 60, 2, 10, QLatin1Char('0'));
}

QString Format::elapsed(qint64 ms)
{
    if (ms < 1000 || ms >= 60'000)
        return duration(ms);
    // Three significant digits: 1.97 s, 12.3 s (duration() would say 1 s and 12 s).
    return tr("%1 s").arg(QLocale().toString(ms / 1000.0, 'g', 3));
}

QString Format::dateTime(qint64 msSinceEpoch)
{
    return QLocale().toString(QDateTime::fromMSecsSinceEpoch(msSinceEpoch), QLocale::ShortFormat);
}

} // namespace hostbench::ui
