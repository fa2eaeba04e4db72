# Each library publishes only its own headers, under the spelling the code
# uses ("http/HttpServer.h"): ${CMAKE_BINARY_DIR}/include/<target>/<folder> is
# a symbolic link to the library's source folder, and that include/<target>
# is the library's only PUBLIC include directory. Linking a library then
# gives exactly its headers and those of what it links PUBLIC; a library that
# includes a header of one it does not link fails to compile
# (tests/layering checks that it does).
#
#   hostbench_publish_headers(hostbench_http)   # in engine/http/CMakeLists.txt
#
# The targets that publish headers this way are listed in the global property
# HOSTBENCH_HEADER_LIBRARIES, for tests/layering. The links exist only in the
# build tree: nothing installs headers (the package holds the executables),
# and the executables do not need them to run (their debug information names
# headers by these paths, as it named the source folders before).
function(hostbench_publish_headers target)
    get_filename_component(folder "${CMAKE_CURRENT_SOURCE_DIR}" NAME)
    set(root "${CMAKE_BINARY_DIR}/include/${target}")
    set(link "${root}/${folder}")
    file(MAKE_DIRECTORY "${root}")
    if(IS_SYMLINK "${link}")
        file(READ_SYMLINK "${link}" current)
    endif()
    if(NOT IS_SYMLINK "${link}" OR NOT current STREQUAL "${CMAKE_CURRENT_SOURCE_DIR}")
        file(REMOVE "${link}")
        file(CREATE_LINK "${CMAKE_CURRENT_SOURCE_DIR}" "${link}" SYMBOLIC RESULT failed)
        if(failed)
            message(FATAL_ERROR "hostbench_publish_headers: cannot link ${link} to "
                "${CMAKE_CURRENT_SOURCE_DIR}: ${failed} (the build folder needs symbolic links)")
        endif()
    endif()
    target_include_directories(${target} PUBLIC "${root}")
    set_property(GLOBAL APPEND PROPERTY HOSTBENCH_HEADER_LIBRARIES ${target})
    set_property(TARGET ${target} PROPERTY HOSTBENCH_HEADER_FOLDER ${folder})
endfunction()
