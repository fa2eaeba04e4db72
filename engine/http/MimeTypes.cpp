#include "MimeTypes.h"

#include "model/WebMimeTypes.h"

#include <QMimeDatabase>
#include <QString>

namespace hostbench::http {

std::string MimeTypes::lookup(std::string_view fileName)
{
    if (const std::string_view type = model::WebMimeTypes::forFileName(fileName); !type.empty())
        return std::string(type);
    static const QMimeDatabase database;
    const QMimeType type = database.mimeTypeForFile(
        QString::fromUtf8(fileName.data(), qsizetype(fileName.size())), QMimeDatabase::MatchExtension);
    if (!type.isValid() || type.name().isEmpty())
        return "application/octet-stream";
    return type.name().toStdString();
}

std::string_view MimeTypes::typeFor(std::string_view fileName)
{
    if (const auto it = m_cache.find(fileName); it != m_cache.end())
        return it->second;
    if (m_cache.size() >= kMaxEntries)
        m_cache.clear();
    return m_cache.try_emplace(std::string(fileName), lookup(fileName)).first->second;
}

} // namespace hostbench::http
