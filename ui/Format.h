#pragma once

#include <QCoreApplication>
#include <QString>
#include <QtGlobal>

namespace hostbench::ui {

/*
 * How the GUI writes figures: numbers grouped in the user's locale, latency
 * in milliseconds with as many decimals as make sense, sizes in KiB/MiB.
 * Pure functions; any thread.
 */
class Format final
{
    Q_DECLARE_TR_FUNCTIONS(Format)

public:
    static QString count(quint64 value); // "12,345"
    static QString rate(double perSecond); // "12,345" or "12.3" below 100
    static QString milliseconds(double ms); // "0.42 ms", "12.3 ms", "1,234 ms"
    static QString bytes(quint64 value); // "1.4 MiB", "27.2 GiB": IEC units, powers of 1,024
    static QString duration(qint64 ms); // "850 ms", "12 s", "3 min 05 s", "2 h 04 min"
    // A measured length, not truncated: "850 ms", "1.97 s", "12.3 s", then as duration().
    static QString elapsed(qint64 ms);
    static QString dateTime(qint64 msSinceEpoch); // local time, short format
};

} // namespace hostbench::ui
